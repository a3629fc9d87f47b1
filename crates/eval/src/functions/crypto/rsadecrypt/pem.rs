// Go port of `encoding/pem.Decode`: which malformed blocks Go skips decides the key found; no crate here mirrors that.
//! Go's `encoding/pem.Decode`: the first well-formed block (type, headers,
//! Base64 body), skipping malformed ones as Go does.

use std::collections::BTreeMap;

use crate::functions::encoding::base64;

pub(super) struct Block {
    pub(super) kind: String,
    pub(super) headers: BTreeMap<String, String>,
    pub(super) bytes: Vec<u8>,
}

const PEM_START: &[u8] = b"\n-----BEGIN ";
const PEM_END: &[u8] = b"\n-----END ";
const PEM_END_OF_LINE: &[u8] = b"-----";

fn index_of(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn last_index_of(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).rposition(|w| w == needle)
}

fn trim_right_spaces(mut line: &[u8]) -> &[u8] {
    while let [rest @ .., b' ' | b'\t'] = line {
        line = rest;
    }
    line
}

fn trim_space(text: &[u8]) -> &[u8] {
    text.trim_ascii()
}

/// `getLine`: the first line without its line break and trailing blanks,
/// the rest, and how many bytes were consumed.
fn get_line(data: &[u8]) -> (&[u8], &[u8], usize) {
    let (end, next) = match data.iter().position(|b| *b == b'\n') {
        None => (data.len(), data.len()),
        Some(i) if i > 0 && data[i - 1] == b'\r' => (i - 1, i + 1),
        Some(i) => (i, i + 1),
    };
    (trim_right_spaces(&data[..end]), &data[next..], next)
}

/// The first PEM block in `data`, if any.
pub(super) fn decode(data: &[u8]) -> Option<Block> {
    let mut rest = data;
    let mut end_trailer_index: isize = 0;
    loop {
        let skip = usize::try_from(end_trailer_index).ok()?;
        rest = rest.get(skip..)?;

        // The first END line, then the last BEGIN line before it.
        let end_found = index_of(rest, PEM_END)?;
        let mut end_index = end_found as isize;
        end_trailer_index = end_index + PEM_END.len() as isize;
        let Some(begin) = last_index_of(&rest[..end_found], &PEM_START[1..]) else {
            continue;
        };
        if begin > 0 && rest[begin - 1] != b'\n' {
            continue;
        }
        let shift = (begin + PEM_START.len() - 1) as isize;
        let mut body = &rest[begin + PEM_START.len() - 1..];
        end_index -= shift;
        end_trailer_index -= shift;

        let (type_line, after_type, consumed) = get_line(body);
        body = after_type;
        end_index -= consumed as isize;
        end_trailer_index -= consumed as isize;
        let Some(kind) = type_line.strip_suffix(PEM_END_OF_LINE) else {
            continue;
        };

        let mut headers = BTreeMap::new();
        let mut truncated = false;
        loop {
            if body.is_empty() {
                truncated = true;
                break;
            }
            let (line, next, consumed) = get_line(body);
            let Some(colon) = line.iter().position(|b| *b == b':') else {
                break;
            };
            let key = String::from_utf8_lossy(trim_space(&line[..colon])).into_owned();
            let value = String::from_utf8_lossy(trim_space(&line[colon + 1..])).into_owned();
            headers.insert(key, value);
            body = next;
            end_index -= consumed as isize;
            end_trailer_index -= consumed as isize;
        }
        if truncated {
            return None;
        }
        if !headers.is_empty() && end_index < 0 {
            continue;
        }

        // `-----END TYPE-----` and nothing but blanks after it.
        let Some(end_trailer) = usize::try_from(end_trailer_index)
            .ok()
            .and_then(|i| body.get(i..))
        else {
            continue;
        };
        let trailer_len = kind.len() + PEM_END_OF_LINE.len();
        if end_trailer.len() < trailer_len {
            continue;
        }
        let (trailer, rest_of_end_line) = end_trailer.split_at(trailer_len);
        if !trailer.starts_with(kind) || !trailer.ends_with(PEM_END_OF_LINE) {
            continue;
        }
        if !get_line(rest_of_end_line).0.is_empty() {
            continue;
        }

        let mut bytes = Vec::new();
        if end_index > 0 {
            let Some(encoded) = body.get(..end_index as usize) else {
                continue;
            };
            let encoded: Vec<u8> = encoded
                .iter()
                .copied()
                .filter(|b| *b != b' ' && *b != b'\t')
                .collect();
            match base64::decode(&encoded) {
                Ok(decoded) => bytes = decoded,
                Err(_) => continue,
            }
        }
        return Some(Block {
            kind: String::from_utf8_lossy(kind).into_owned(),
            headers,
            bytes,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_blocks_with_and_without_headers() {
        let block = decode(b"junk\n-----BEGIN X-----\naGVs\nbG8=\n-----END X-----\n").unwrap();
        assert_eq!(block.kind, "X");
        assert_eq!(block.bytes, b"hello");
        let block = decode(
            b"-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n\naGk=\n-----END RSA PRIVATE KEY-----",
        )
        .unwrap();
        assert_eq!(block.headers["Proc-Type"], "4,ENCRYPTED");
        assert_eq!(block.bytes, b"hi");
    }

    #[test]
    fn skips_malformed_blocks() {
        assert!(decode(b"").is_none());
        assert!(decode(b"-----BEGIN X-----\naGk=\n-----END Y-----\n").is_none());
        assert!(decode(b"-----BEGIN X-----\n!!!!\n-----END X-----\n").is_none());
        assert!(decode(b"-----BEGIN X-----\naGk=\n-----END X----- trailing\n").is_none());
        let empty = decode(b"-----BEGIN X-----\n-----END X-----").unwrap();
        assert!(empty.bytes.is_empty());
        let second =
            decode(b"-----BEGIN A-----\n-----BEGIN B-----\naGk=\n-----END B-----\n").unwrap();
        assert_eq!(second.kind, "B");
    }
}
