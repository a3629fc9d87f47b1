//! `base64gzip` and `base64gunzip`: Go's `compress/gzip` with its default
//! level, as OpenTofu calls it (write, flush, close).

mod crc32;
mod deflate;
mod inflate;

use tofu_types::{Type, Value};

use super::super::{Function, FunctionError, Param};
use super::{MAX_RESULT_BYTES, base64, lossy_string, redact, string_arg, string_function};

/// Go's gzip header with no name, time or comment; `XFL` 0 for the
/// default level, OS 255 ("unknown").
const HEADER: [u8; 10] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut out = HEADER.to_vec();
    deflate::write_flushed_stream(data, &mut out);
    out.extend_from_slice(&crc32::checksum(data).to_le_bytes());
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out
}

pub(super) fn base64gzip() -> Function {
    string_function(
        "base64gzip",
        Param::new("str", Type::String),
        |_, args, _| {
            let s = string_arg(args, 0)?;
            // Stored blocks can make the stream a little larger than the input.
            if s.len().div_ceil(3) * 4 > MAX_RESULT_BYTES {
                return Err(super::too_large());
            }
            Ok(Value::string(base64::encode(&gzip(s.as_bytes()))))
        },
    )
}

pub(super) fn base64gunzip() -> Function {
    string_function(
        "base64gunzip",
        Param::new("str", Type::String).allow_marked(),
        |_, args, _| {
            let (arg, marks) = args[0].unmark();
            let s = string_arg(std::slice::from_ref(&arg), 0)?;
            let compressed = base64::decode(s.as_bytes()).map_err(|_| {
                FunctionError::call(format!("failed to decode base64 data {}", redact(s, marks)))
            })?;
            let data = inflate::gunzip(&compressed, MAX_RESULT_BYTES).map_err(|e| match e {
                inflate::GunzipError::Header(e) => {
                    FunctionError::call(format!("failed to gunzip bytestream: {e}"))
                }
                inflate::GunzipError::Read(e) => {
                    FunctionError::call(format!("failed to read gunzip raw data: {e}"))
                }
                inflate::GunzipError::TooLarge => super::too_large(),
            })?;
            Ok(Value::string(lossy_string(data)).with_marks(marks))
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_inputs_match_go() {
        // OpenTofu's own test vector.
        assert_eq!(
            base64::encode(&gzip(b"test")),
            "H4sIAAAAAAAA/wAEAPv/dGVzdAAAAP//AwAMfn/YBAAAAA=="
        );
    }

    #[test]
    fn round_trips() {
        let texts: Vec<Vec<u8>> = vec![
            Vec::new(),
            b"a".to_vec(),
            b"hello hello hello hello hello hello hello hello".to_vec(),
            (0..200_000u32).map(|i| (i * 7 % 251) as u8).collect(),
            "abc123xyz".repeat(20_000).into_bytes(),
        ];
        for text in texts {
            assert_eq!(inflate::gunzip(&gzip(&text), usize::MAX).unwrap(), text);
        }
    }
}
