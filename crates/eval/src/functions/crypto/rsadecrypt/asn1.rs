// Go port of `encoding/asn1.Unmarshal`: OpenTofu shows its `asn1: ...` error texts, which the `rsa` crate's DER readers do not give.
//! The part of Go's `encoding/asn1` that private keys need: DER elements
//! read as `asn1.Unmarshal` reads them into a struct, with its errors.

use num_bigint::{BigInt, Sign};

/// `asn1.SyntaxError` or `asn1.StructuralError`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Asn1Error {
    Syntax(String),
    Structural(String),
}

impl Asn1Error {
    fn syntax(message: &str) -> Asn1Error {
        Asn1Error::Syntax(message.to_owned())
    }

    fn structural(message: &str) -> Asn1Error {
        Asn1Error::Structural(message.to_owned())
    }

    /// The text after Go's `asn1: ... error: ` prefix.
    pub(super) fn message(&self) -> &str {
        match self {
            Asn1Error::Syntax(m) | Asn1Error::Structural(m) => m,
        }
    }

    /// `err.Error()`.
    pub(super) fn go_text(&self) -> String {
        match self {
            Asn1Error::Syntax(m) => format!("asn1: syntax error: {m}"),
            Asn1Error::Structural(m) => format!("asn1: structure error: {m}"),
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct TagAndLength {
    class: u8,
    tag: u32,
    length: usize,
    compound: bool,
}

pub(super) const TAG_INTEGER: u32 = 2;
pub(super) const TAG_OCTET_STRING: u32 = 4;
pub(super) const TAG_OID: u32 = 6;
const TAG_SEQUENCE: u32 = 16;

fn parse_base128(bytes: &[u8], mut offset: usize) -> Result<(u32, usize), Asn1Error> {
    let mut value: i64 = 0;
    let mut shifted = 0;
    while offset < bytes.len() {
        if shifted == 5 {
            return Err(Asn1Error::structural("base 128 integer too large"));
        }
        value <<= 7;
        let b = bytes[offset];
        if shifted == 0 && b == 0x80 {
            return Err(Asn1Error::syntax("integer is not minimally encoded"));
        }
        value |= i64::from(b & 0x7f);
        offset += 1;
        if b & 0x80 == 0 {
            return match u32::try_from(value) {
                Ok(v) if value <= i64::from(i32::MAX) => Ok((v, offset)),
                _ => Err(Asn1Error::structural("base 128 integer too large")),
            };
        }
        shifted += 1;
    }
    Err(Asn1Error::syntax("truncated base 128 integer"))
}

fn parse_tag_and_length(bytes: &[u8], offset: usize) -> Result<(TagAndLength, usize), Asn1Error> {
    let mut offset = offset;
    let Some(&b) = bytes.get(offset) else {
        return Err(Asn1Error::syntax("truncated tag or length"));
    };
    offset += 1;
    let mut tag = u32::from(b & 0x1f);
    if tag == 0x1f {
        (tag, offset) = parse_base128(bytes, offset)?;
        if tag < 0x1f {
            return Err(Asn1Error::syntax("non-minimal tag"));
        }
    }
    let Some(&first) = bytes.get(offset) else {
        return Err(Asn1Error::syntax("truncated tag or length"));
    };
    offset += 1;
    let mut length = 0usize;
    if first & 0x80 == 0 {
        length = usize::from(first & 0x7f);
    } else {
        let count = first & 0x7f;
        if count == 0 {
            return Err(Asn1Error::syntax("indefinite length found (not DER)"));
        }
        for _ in 0..count {
            let Some(&next) = bytes.get(offset) else {
                return Err(Asn1Error::syntax("truncated tag or length"));
            };
            offset += 1;
            if length >= 1 << 23 {
                return Err(Asn1Error::structural("length too large"));
            }
            length = (length << 8) | usize::from(next);
            if length == 0 {
                return Err(Asn1Error::structural("superfluous leading zeros in length"));
            }
        }
        if length < 0x80 {
            return Err(Asn1Error::structural("non-minimal length"));
        }
    }
    Ok((
        TagAndLength {
            class: b >> 6,
            tag,
            length,
            compound: b & 0x20 == 0x20,
        },
        offset,
    ))
}

/// What a struct field expects, for matching and for Go's messages.
#[derive(Clone, Copy)]
pub(super) struct Field {
    pub(super) tag: u32,
    pub(super) compound: bool,
    pub(super) optional: bool,
    /// `reflect.Type.Name()` of the Go field: `""` for pointers such as
    /// `*big.Int`.
    pub(super) type_name: &'static str,
}

impl Field {
    pub(super) const fn int() -> Field {
        Field::new(TAG_INTEGER, false, "int")
    }

    pub(super) const fn big_int() -> Field {
        Field::new(TAG_INTEGER, false, "")
    }

    pub(super) const fn bytes() -> Field {
        Field::new(TAG_OCTET_STRING, false, "")
    }

    pub(super) const fn oid() -> Field {
        Field::new(TAG_OID, false, "ObjectIdentifier")
    }

    pub(super) const fn sequence(type_name: &'static str) -> Field {
        Field::new(TAG_SEQUENCE, true, type_name)
    }

    const fn new(tag: u32, compound: bool, type_name: &'static str) -> Field {
        Field {
            tag,
            compound,
            optional: false,
            type_name,
        }
    }

    pub(super) const fn optional(mut self) -> Field {
        self.optional = true;
        self
    }
}

/// A reader over the contents of one SEQUENCE, field by field.
pub(super) struct Fields<'a> {
    bytes: &'a [u8],
    offset: usize,
}

impl<'a> Fields<'a> {
    /// `asn1.Unmarshal` of a struct: its SEQUENCE's fields, and whatever
    /// follows the SEQUENCE.
    pub(super) fn unmarshal(
        der: &'a [u8],
        struct_name: &'static str,
    ) -> Result<(Fields<'a>, &'a [u8]), Asn1Error> {
        let mut outer = Fields {
            bytes: der,
            offset: 0,
        };
        let inner = outer
            .next(Field::sequence(struct_name))?
            .unwrap_or_default();
        Ok((
            Fields {
                bytes: inner,
                offset: 0,
            },
            &der[outer.offset..],
        ))
    }

    /// A reader over bytes that are already a SEQUENCE's contents.
    pub(super) fn over(bytes: &'a [u8]) -> Fields<'a> {
        Fields { bytes, offset: 0 }
    }

    /// What has not been read yet.
    pub(super) fn rest(&self) -> Option<&'a [u8]> {
        self.bytes.get(self.offset..)
    }

    /// The contents of the next field, or `None` for an absent optional
    /// one (`parseField`).
    pub(super) fn next(&mut self, field: Field) -> Result<Option<&'a [u8]>, Asn1Error> {
        if self.offset == self.bytes.len() {
            if field.optional {
                return Ok(None);
            }
            return Err(Asn1Error::syntax("sequence truncated"));
        }
        let (t, offset) = parse_tag_and_length(self.bytes, self.offset)?;
        if t.class != 0 || t.tag != field.tag || t.compound != field.compound {
            if field.optional {
                return Ok(None);
            }
            return Err(Asn1Error::Structural(format!(
                "tags don't match ({} vs {{class:{} tag:{} length:{} isCompound:{}}}) \
                 {{optional:false explicit:false application:false private:false \
                 defaultValue:<nil> tag:<nil> stringType:0 timeType:0 set:false \
                 omitEmpty:false}} {} @{}",
                field.tag, t.class, t.tag, t.length, t.compound, field.type_name, offset
            )));
        }
        let end = offset
            .checked_add(t.length)
            .filter(|end| *end <= self.bytes.len())
            .ok_or_else(|| Asn1Error::syntax("data truncated"))?;
        self.offset = end;
        Ok(Some(&self.bytes[offset..end]))
    }

    /// An INTEGER into a Go `int` (64 bits).
    pub(super) fn int(&mut self) -> Result<i64, Asn1Error> {
        let bytes = self.next(Field::int())?.unwrap_or_default();
        check_integer(bytes)?;
        if bytes.len() > 8 {
            return Err(Asn1Error::structural("integer too large"));
        }
        Ok(bytes
            .iter()
            .fold(if bytes[0] & 0x80 != 0 { -1i64 } else { 0 }, |acc, b| {
                (acc << 8) | i64::from(*b)
            }))
    }

    /// An INTEGER into a `*big.Int`; `None` when an optional one is absent.
    pub(super) fn big_int(&mut self, field: Field) -> Result<Option<BigInt>, Asn1Error> {
        let Some(bytes) = self.next(field)? else {
            return Ok(None);
        };
        check_integer(bytes)?;
        Ok(Some(BigInt::from_signed_bytes_be(bytes)))
    }

    pub(super) fn is_empty(&self) -> bool {
        self.offset >= self.bytes.len()
    }
}

/// `checkInteger`: DER integers are non-empty and minimally encoded.
fn check_integer(bytes: &[u8]) -> Result<(), Asn1Error> {
    match bytes {
        [] => Err(Asn1Error::structural("empty integer")),
        [0, second, ..] if second & 0x80 == 0 => {
            Err(Asn1Error::structural("integer not minimally-encoded"))
        }
        [0xff, second, ..] if second & 0x80 == 0x80 => {
            Err(Asn1Error::structural("integer not minimally-encoded"))
        }
        _ => Ok(()),
    }
}

/// An OBJECT IDENTIFIER's arcs, dotted as Go prints one.
pub(super) fn oid_text(bytes: &[u8]) -> Result<String, Asn1Error> {
    if bytes.is_empty() {
        return Err(Asn1Error::syntax("zero length OBJECT IDENTIFIER"));
    }
    let mut arcs: Vec<u64> = Vec::new();
    let mut offset = 0;
    while offset < bytes.len() {
        let (value, next) = parse_base128(bytes, offset)?;
        if arcs.is_empty() {
            let first = if value < 80 { value / 40 } else { 2 };
            arcs.push(u64::from(first));
            arcs.push(u64::from(value - first * 40));
        } else {
            arcs.push(u64::from(value));
        }
        offset = next;
    }
    Ok(arcs
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join("."))
}

/// Whether a big integer is positive (Go's `Sign() > 0`).
pub(super) fn positive(n: &BigInt) -> bool {
    n.sign() == Sign::Plus
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_sequence_of_integers() {
        let der = [0x30, 0x06, 0x02, 0x01, 0x05, 0x02, 0x01, 0xff];
        let (mut fields, rest) = Fields::unmarshal(&der, "test").unwrap();
        assert!(rest.is_empty());
        assert_eq!(fields.int().unwrap(), 5);
        assert_eq!(
            fields.big_int(Field::big_int()).unwrap(),
            Some(BigInt::from(-1))
        );
        assert!(fields.is_empty());
        assert_eq!(
            fields.big_int(Field::big_int()).unwrap_err(),
            Asn1Error::syntax("sequence truncated")
        );
    }

    #[test]
    fn errors_as_go_words_them() {
        let truncated = [0x30, 0x10, 0x02];
        assert_eq!(
            Fields::unmarshal(&truncated, "t").err().unwrap().go_text(),
            "asn1: syntax error: data truncated"
        );
        let empty: [u8; 0] = [];
        assert_eq!(
            Fields::unmarshal(&empty, "t").err().unwrap(),
            Asn1Error::syntax("sequence truncated")
        );
        let wrong = [0x02, 0x01, 0x00];
        assert_eq!(
            Fields::unmarshal(&wrong, "pkcs1PrivateKey")
                .err()
                .unwrap()
                .message(),
            "tags don't match (16 vs {class:0 tag:2 length:1 isCompound:false}) \
             {optional:false explicit:false application:false private:false \
             defaultValue:<nil> tag:<nil> stringType:0 timeType:0 set:false \
             omitEmpty:false} pkcs1PrivateKey @2"
        );
        let padded = [0x30, 0x03, 0x02, 0x01, 0x00];
        let mut fields = Fields::unmarshal(&padded[..], "t").unwrap().0;
        assert_eq!(fields.int().unwrap(), 0);
        assert_eq!(
            check_integer(&[0x00, 0x01]).unwrap_err().message(),
            "integer not minimally-encoded"
        );
    }

    #[test]
    fn object_identifiers() {
        assert_eq!(
            oid_text(&[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01]).unwrap(),
            "1.2.840.113549.1.1.1"
        );
    }
}
