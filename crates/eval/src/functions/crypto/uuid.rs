// Go port (parsing only) of google/uuid's `Parse`: the `uuid` crate accepts other forms and words errors differently.
//! `uuid()` (16 random bytes formatted as a UUID, without version bits, as
//! `hashicorp/go-uuid` makes them; impure) and `uuidv5(namespace, name)`
//! (`google/uuid`'s `NewSHA1`).

use sha1::{Digest, Sha1};
use tofu_syntax::quote::go_quote_bytes;
use tofu_types::{Type, Value};
use uuid::Uuid;

use super::string_arg;
use crate::functions::{Function, FunctionContext, FunctionError, Param};

pub(super) fn uuid() -> Function {
    Function {
        name: "uuid",
        params: Vec::new(),
        var_param: None,
        return_type: |_, _| Ok(Type::String),
        implementation: random_uuid,
    }
}

fn random_uuid(ctx: &FunctionContext<'_>, _: &[Value], _: &Type) -> Result<Value, FunctionError> {
    if ctx.pure_only {
        return Ok(Value::unknown(Type::String));
    }
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|err| FunctionError::call(format!("failed to read random bytes: {err}")))?;
    Ok(Value::string(
        Uuid::from_bytes(bytes).hyphenated().to_string(),
    ))
}

pub(super) fn uuidv5() -> Function {
    Function {
        name: "uuidv5",
        params: vec![
            Param::new("namespace", Type::String),
            Param::new("name", Type::String),
        ],
        var_param: None,
        return_type: |_, _| Ok(Type::String),
        implementation: |_, args, _| {
            let namespace = string_arg(args, 0);
            let namespace_uuid = match namespace {
                "dns" => Uuid::NAMESPACE_DNS,
                "url" => Uuid::NAMESPACE_URL,
                "oid" => Uuid::NAMESPACE_OID,
                "x500" => Uuid::NAMESPACE_X500,
                other => parse(other.as_bytes()).map_err(|err| {
                    FunctionError::call(format!(
                        "uuidv5() doesn't support namespace {other} ({err})"
                    ))
                })?,
            };
            Ok(Value::string(
                sha1_uuid(&namespace_uuid, string_arg(args, 1).as_bytes())
                    .hyphenated()
                    .to_string(),
            ))
        },
    }
}

/// `uuid.NewSHA1`: the first 16 bytes of SHA-1(namespace ‖ name) with the
/// version (5) and RFC 4122 variant set.
fn sha1_uuid(namespace: &Uuid, name: &[u8]) -> Uuid {
    let mut hasher = Sha1::new();
    hasher.update(namespace.as_bytes());
    hasher.update(name);
    let digest = hasher.finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    bytes[6] = (bytes[6] & 0x0f) | 0x50;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    Uuid::from_bytes(bytes)
}

fn hex_value(byte: u8) -> Option<u8> {
    (byte as char).to_digit(16).map(|d| d as u8)
}

fn hex_pair(high: u8, low: u8) -> Option<u8> {
    Some(hex_value(high)? << 4 | hex_value(low)?)
}

const INVALID_FORMAT: &str = "invalid UUID format";

/// `uuid.Parse`: the plain, `urn:uuid:`, braced (any two enclosing bytes)
/// and unhyphenated forms, with google/uuid's error texts.
fn parse(s: &[u8]) -> Result<Uuid, String> {
    let mut bytes = [0u8; 16];
    let s = match s.len() {
        36 => s,
        45 => {
            let (prefix, rest) = s.split_at(9);
            if !prefix.eq_ignore_ascii_case(b"urn:uuid:") {
                return Err(format!("invalid urn prefix: {}", go_quote_bytes(prefix)));
            }
            rest
        }
        38 => &s[1..],
        32 => {
            for (i, byte) in bytes.iter_mut().enumerate() {
                *byte = hex_pair(s[2 * i], s[2 * i + 1]).ok_or(INVALID_FORMAT)?;
            }
            return Ok(Uuid::from_bytes(bytes));
        }
        length => return Err(format!("invalid UUID length: {length}")),
    };
    if [8, 13, 18, 23].iter().any(|&i| s[i] != b'-') {
        return Err(INVALID_FORMAT.to_owned());
    }
    const STARTS: [usize; 16] = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
    for (byte, start) in bytes.iter_mut().zip(STARTS) {
        *byte = hex_pair(s[start], s[start + 1]).ok_or(INVALID_FORMAT)?;
    }
    Ok(Uuid::from_bytes(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_forms_google_uuid_accepts() {
        let plain = "6ba7b810-9dad-11d1-80b4-00c04fd430c8";
        assert_eq!(parse(plain.as_bytes()).unwrap(), Uuid::NAMESPACE_DNS);
        let urn = format!("URN:uuid:{plain}");
        assert_eq!(parse(urn.as_bytes()).unwrap(), Uuid::NAMESPACE_DNS);
        let braced = format!("x{plain}y");
        assert_eq!(parse(braced.as_bytes()).unwrap(), Uuid::NAMESPACE_DNS);
        let bare = plain.replace('-', "");
        assert_eq!(parse(bare.as_bytes()).unwrap(), Uuid::NAMESPACE_DNS);
        assert_eq!(parse(b"tada").unwrap_err(), "invalid UUID length: 4");
        assert_eq!(
            parse(format!("urn:uuix:{plain}").as_bytes()).unwrap_err(),
            "invalid urn prefix: \"urn:uuix:\""
        );
        assert_eq!(
            parse(plain.replace('-', "+").as_bytes()).unwrap_err(),
            INVALID_FORMAT
        );
    }

    #[test]
    fn opentofu_test_vectors() {
        assert_eq!(
            sha1_uuid(&Uuid::NAMESPACE_DNS, b"tada").to_string(),
            "faa898db-9b9d-5b75-86a9-149e7bb8e3b8"
        );
        assert_eq!(
            sha1_uuid(&Uuid::NAMESPACE_X500, b"tada").to_string(),
            "7e12415e-f7c9-57c3-9e43-52dc9950d264"
        );
    }
}
