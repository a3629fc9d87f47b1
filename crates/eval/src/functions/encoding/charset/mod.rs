//! `textencodebase64` and `textdecodebase64`: character sets by the names
//! and aliases Go's `ianaindex.IANA` knows, converted as Go's
//! `golang.org/x/text/encoding` converts them.

mod cjk;
mod hz;
mod single_byte;
mod tables;

use tofu_types::{Type, Value};

use super::super::{Function, FunctionError, Param};
use super::{MAX_RESULT_BYTES, base64, string_arg};

/// A single-byte code page, as `charmap.Charmap` decodes it; U+FFFD marks
/// bytes it leaves undefined.
pub(super) enum Charmap {
    /// Bytes below 0x80 are ASCII; the table covers 0x80 to 0xFF.
    AsciiSuperset(&'static [u16; 128]),
    /// The table covers every byte (EBCDIC code pages).
    Full(&'static [u16; 256]),
}

impl Charmap {
    fn decode_byte(&self, b: u8) -> char {
        let code = match self {
            Charmap::AsciiSuperset(_) if b < 0x80 => u16::from(b),
            Charmap::AsciiSuperset(high) => high[usize::from(b - 0x80)],
            Charmap::Full(all) => all[usize::from(b)],
        };
        char::from_u32(u32::from(code)).unwrap_or('\u{fffd}')
    }

    fn encode_char(&self, c: char) -> Option<u8> {
        if c == '\u{fffd}' {
            return None;
        }
        match self {
            Charmap::AsciiSuperset(_) if c.is_ascii() => Some(c as u8),
            Charmap::AsciiSuperset(high) => high
                .iter()
                .position(|&code| u32::from(code) == u32::from(c))
                .map(|i| 0x80 + i as u8),
            Charmap::Full(all) => all
                .iter()
                .position(|&code| u32::from(code) == u32::from(c))
                .map(|i| i as u8),
        }
    }
}

/// How an encoding converts.
pub(super) enum Codec {
    Ascii,
    Utf8,
    /// `UTF-16`: writes a big-endian BOM; reads one if present.
    Utf16WithBom,
    Utf16Be,
    Utf16Le,
    Single(&'static Charmap),
    /// The WHATWG multi-byte encodings, which Go implements too; its
    /// Japanese and Big5 encoders differ ([`cjk`]).
    Multi(&'static encoding_rs::Encoding),
    HzGb2312,
}

/// Go's `ianaindex.IANA.Encoding` then `Name`: the encoding and its IANA
/// name.
fn lookup(name: &str) -> Option<(&'static str, Codec)> {
    tables::lookup(&name.trim().to_lowercase())
}

fn not_supported(args: &[Value]) -> FunctionError {
    FunctionError::arg(
        1,
        format!(
            "{} is not a supported IANA encoding name or alias in this OpenTofu version",
            tofu_syntax::quote::go_quote(args[1].as_str().unwrap_or_default())
        ),
    )
}

fn utf16(s: &str, little_endian: bool, bom: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() * 2 + 2);
    let units = bom.then_some(0xfeff).into_iter().chain(s.encode_utf16());
    for unit in units {
        let bytes = if little_endian {
            unit.to_le_bytes()
        } else {
            unit.to_be_bytes()
        };
        out.extend_from_slice(&bytes);
    }
    out
}

/// The text in the encoding; `None` if a character has no encoding there.
fn encode(codec: &Codec, s: &str) -> Option<Vec<u8>> {
    match codec {
        Codec::Ascii => s.is_ascii().then(|| s.as_bytes().to_vec()),
        Codec::Utf8 => Some(s.as_bytes().to_vec()),
        Codec::Utf16WithBom => Some(utf16(s, false, true)),
        Codec::Utf16Be => Some(utf16(s, false, false)),
        Codec::Utf16Le => Some(utf16(s, true, false)),
        Codec::Single(charmap) => s.chars().map(|c| charmap.encode_char(c)).collect(),
        Codec::Multi(encoding) if *encoding == encoding_rs::EUC_JP => cjk::euc_jp(s),
        Codec::Multi(encoding) if *encoding == encoding_rs::SHIFT_JIS => cjk::shift_jis(s),
        Codec::Multi(encoding) if *encoding == encoding_rs::ISO_2022_JP => cjk::iso_2022_jp(s),
        Codec::Multi(encoding) if *encoding == encoding_rs::BIG5 => cjk::big5(s),
        // WHATWG refuses U+E5E5 in GB18030; Go encodes it by its
        // four-byte ranges.
        Codec::Multi(encoding) if *encoding == encoding_rs::GB18030 && s.contains('\u{e5e5}') => {
            let mut out = Vec::new();
            for (i, part) in s.split('\u{e5e5}').enumerate() {
                if i > 0 {
                    out.extend_from_slice(&[0x83, 0x39, 0xb1, 0x36]);
                }
                out.extend(encode(codec, part)?);
            }
            Some(out)
        }
        Codec::Multi(encoding) => {
            let mut encoder = encoding.new_encoder();
            let capacity = encoder.max_buffer_length_from_utf8_without_replacement(s.len())?;
            let mut out = vec![0; capacity];
            let (result, _, written) =
                encoder.encode_from_utf8_without_replacement(s, &mut out, true);
            match result {
                encoding_rs::EncoderResult::InputEmpty => {
                    out.truncate(written);
                    Some(out)
                }
                _ => None,
            }
        }
        Codec::HzGb2312 => hz::encode(s),
    }
}

fn decode_utf16(bytes: &[u8], encoding: &'static encoding_rs::Encoding) -> String {
    encoding.decode_without_bom_handling(bytes).0.into_owned()
}

/// The bytes decoded, with U+FFFD where Go's decoder finds no character.
fn decode(codec: &Codec, bytes: &[u8]) -> String {
    match codec {
        Codec::Ascii => bytes
            .iter()
            .map(|&b| {
                if b.is_ascii() {
                    char::from(b)
                } else {
                    '\u{fffd}'
                }
            })
            .collect(),
        Codec::Utf8 => String::from_utf8_lossy(bytes).into_owned(),
        Codec::Utf16WithBom => match bytes {
            [0xff, 0xfe, rest @ ..] => decode_utf16(rest, encoding_rs::UTF_16LE),
            [0xfe, 0xff, rest @ ..] => decode_utf16(rest, encoding_rs::UTF_16BE),
            _ => decode_utf16(bytes, encoding_rs::UTF_16BE),
        },
        Codec::Utf16Be => decode_utf16(bytes, encoding_rs::UTF_16BE),
        Codec::Utf16Le => decode_utf16(bytes, encoding_rs::UTF_16LE),
        Codec::Single(charmap) => bytes.iter().map(|&b| charmap.decode_byte(b)).collect(),
        Codec::Multi(encoding) => encoding.decode_without_bom_handling(bytes).0.into_owned(),
        Codec::HzGb2312 => hz::decode(bytes),
    }
}

pub(super) fn textencodebase64() -> Function {
    Function {
        name: "textencodebase64",
        params: vec![
            Param::new("string", Type::String),
            Param::new("encoding", Type::String),
        ],
        var_param: None,
        return_type: |_, _| Ok(Type::String),
        implementation: |_, args, _| {
            let (name, codec) = lookup(string_arg(args, 1)?).ok_or_else(|| not_supported(args))?;
            let s = string_arg(args, 0)?;
            let encoded = encode(&codec, s).ok_or_else(|| {
                FunctionError::arg(
                    0,
                    format!(
                        "the given string contains characters that cannot be represented in {name}"
                    ),
                )
            })?;
            if encoded.len() / 3 * 4 > MAX_RESULT_BYTES {
                return Err(super::too_large());
            }
            Ok(Value::string(base64::encode(&encoded)))
        },
    }
}

pub(super) fn textdecodebase64() -> Function {
    Function {
        name: "textdecodebase64",
        params: vec![
            Param::new("source", Type::String),
            Param::new("encoding", Type::String),
        ],
        var_param: None,
        return_type: |_, _| Ok(Type::String),
        implementation: |_, args, _| {
            let (name, codec) = lookup(string_arg(args, 1)?).ok_or_else(|| not_supported(args))?;
            let bytes = base64::decode(string_arg(args, 0)?.as_bytes()).map_err(|e| {
                FunctionError::arg(
                    0,
                    format!(
                        "the given value is has an invalid base64 symbol at offset {}",
                        e.0
                    ),
                )
            })?;
            let decoded = decode(&codec, &bytes);
            if decoded.contains('\u{fffd}') {
                return Err(FunctionError::arg(
                    0,
                    format!("the given string contains symbols that are not defined for {name}"),
                ));
            }
            Ok(Value::string(decoded))
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(s: &str, name: &str) -> Option<String> {
        let (_, codec) = lookup(name).unwrap();
        encode(&codec, s).map(|b| base64::encode(&b))
    }

    #[test]
    fn opentofu_examples() {
        let s = "abc123!?$*&()'-=@~";
        assert_eq!(
            enc(s, "UTF-16LE").unwrap(),
            "YQBiAGMAMQAyADMAIQA/ACQAKgAmACgAKQAnAC0APQBAAH4A"
        );
        assert_eq!(enc(s, "CP936").unwrap(), "YWJjMTIzIT8kKiYoKSctPUB+");
        assert_eq!(enc("🤔", "cp437"), None);
        assert_eq!(lookup("cp437").unwrap().0, "IBM437");
        assert!(lookup("NOT-EXISTS").is_none());
        let (_, w1250) = lookup("windows-1250").unwrap();
        assert_eq!(decode(&w1250, &[0x81]), "\u{fffd}");
        let (_, latin1) = lookup(" ISO-8859-1 ").unwrap();
        assert_eq!(decode(&latin1, &[0xe9, 0x80]), "é\u{80}");
    }
}
