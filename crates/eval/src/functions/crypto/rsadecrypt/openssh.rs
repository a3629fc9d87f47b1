// Go port of x/crypto/ssh's `parseOpenSSHPrivateKey`: no crate here reads OpenSSH keys, and OpenTofu shows its errors.
//! `parseOpenSSHPrivateKey` of `golang.org/x/crypto/ssh` for unencrypted
//! keys, with its errors; SSH wire format read as `ssh.Unmarshal` reads it.

use num_bigint::BigInt;

use super::keys::{KeyError, RsaKey};

const MAGIC: &[u8] = b"openssh-key-v1\0";

fn other(text: &str) -> KeyError {
    KeyError::Other(text.to_owned())
}

/// `ssh.Unmarshal` into one struct, field by field.
struct Wire<'a> {
    data: &'a [u8],
    struct_name: &'static str,
}

impl<'a> Wire<'a> {
    fn new(data: &'a [u8], struct_name: &'static str) -> Result<Wire<'a>, KeyError> {
        if data.is_empty() {
            return Err(other("ssh: parse error in message type 0"));
        }
        Ok(Wire { data, struct_name })
    }

    fn bytes(&mut self) -> Option<&'a [u8]> {
        let length = self.data.get(..4)?;
        let length = u32::from_be_bytes(length.try_into().ok()?) as usize;
        let rest = &self.data[4..];
        if rest.len() < length {
            return None;
        }
        let (out, rest) = rest.split_at(length);
        self.data = rest;
        Some(out)
    }

    fn short_read() -> KeyError {
        other("ssh: short read")
    }

    fn string(&mut self, field: &str) -> Result<&'a [u8], KeyError> {
        self.bytes().ok_or_else(|| {
            KeyError::Other(format!(
                "ssh: unmarshal error for field {field} of type {}",
                self.struct_name
            ))
        })
    }

    fn byte_string(&mut self) -> Result<&'a [u8], KeyError> {
        self.bytes().ok_or_else(Self::short_read)
    }

    fn uint32(&mut self) -> Result<u32, KeyError> {
        let bytes = self.data.get(..4).ok_or_else(Self::short_read)?;
        let value = u32::from_be_bytes(bytes.try_into().map_err(|_| Self::short_read())?);
        self.data = &self.data[4..];
        Ok(value)
    }

    fn big_int(&mut self) -> Result<BigInt, KeyError> {
        Ok(BigInt::from_signed_bytes_be(self.byte_string()?))
    }

    /// The `ssh:"rest"` field.
    fn rest(self) -> &'a [u8] {
        self.data
    }
}

fn check_padding(pad: &[u8]) -> Result<(), KeyError> {
    if pad
        .iter()
        .enumerate()
        .all(|(i, b)| usize::from(*b) == i + 1)
    {
        Ok(())
    } else {
        Err(other("ssh: padding not as expected"))
    }
}

pub(super) fn parse(key: &[u8]) -> Result<RsaKey, KeyError> {
    let Some(remaining) = key.strip_prefix(MAGIC) else {
        return Err(other("ssh: invalid openssh private key format"));
    };
    let mut w = Wire::new(remaining, "openSSHEncryptedPrivateKey")?;
    let cipher = w.string("CipherName")?;
    let kdf = w.string("KdfName")?;
    let kdf_options = w.string("KdfOpts")?;
    let key_count = w.uint32()?;
    let _public_key = w.byte_string()?;
    let private_block = w.byte_string()?;
    if key_count != 1 {
        return Err(other("ssh: multi-key files are not supported"));
    }
    if kdf != b"none" || cipher != b"none" {
        return Err(other("ssh: this private key is passphrase protected"));
    }
    if !kdf_options.is_empty() {
        return Err(other("ssh: invalid openssh private key"));
    }

    let malformed = || other("ssh: malformed OpenSSH key");
    let mut block = Wire::new(private_block, "openSSHPrivateKey").map_err(|_| malformed())?;
    let check1 = block.uint32().map_err(|_| malformed())?;
    let check2 = block.uint32().map_err(|_| malformed())?;
    let key_type = block.string("Keytype").map_err(|_| malformed())?;
    if check1 != check2 {
        return Err(malformed());
    }
    let rest = block.rest();

    match key_type {
        b"ssh-rsa" => rsa_key(rest),
        b"ssh-ed25519" => {
            let mut w = Wire::new(rest, "openSSHEd25519PrivateKey")?;
            let _public = w.byte_string()?;
            let private = w.byte_string()?;
            w.string("Comment")?;
            if private.len() != 64 {
                return Err(other("ssh: private key unexpected length"));
            }
            check_padding(w.rest())?;
            Err(KeyError::NotRsa("*ed25519.PrivateKey".to_owned()))
        }
        b"ecdsa-sha2-nistp256" | b"ecdsa-sha2-nistp384" | b"ecdsa-sha2-nistp521" => {
            let mut w = Wire::new(rest, "openSSHECDSAPrivateKey")?;
            let curve = w.string("Curve")?.to_vec();
            w.byte_string()?;
            w.big_int()?;
            w.string("Comment")?;
            check_padding(w.rest())?;
            match curve.as_slice() {
                b"nistp256" | b"nistp384" | b"nistp521" => {
                    Err(KeyError::NotRsa("*ecdsa.PrivateKey".to_owned()))
                }
                other_curve => Err(KeyError::Other(format!(
                    "ssh: unhandled elliptic curve: {}",
                    String::from_utf8_lossy(other_curve)
                ))),
            }
        }
        _ => Err(other("ssh: unhandled key type")),
    }
}

fn rsa_key(data: &[u8]) -> Result<RsaKey, KeyError> {
    let mut w = Wire::new(data, "openSSHRSAPrivateKey")?;
    let n = w.big_int()?;
    let e = w.big_int()?;
    let d = w.big_int()?;
    let _iqmp = w.big_int()?;
    let p = w.big_int()?;
    let q = w.big_int()?;
    w.string("Comment")?;
    check_padding(w.rest())?;
    if n.bits() > 16384 {
        return Err(other("ssh: rsa modulus too large"));
    }
    if p.bits() > 8192 || q.bits() > 8192 {
        return Err(other("ssh: rsa prime too large"));
    }
    if e.bits() > 24 {
        return Err(other("ssh: exponent too large"));
    }
    // `Int64` of a number of at most 24 bits, with its sign.
    let e = i64::try_from(&e).unwrap_or_default();
    if e < 3 || e & 1 == 0 {
        return Err(other("ssh: incorrect exponent"));
    }
    Ok(RsaKey {
        n,
        e,
        d,
        primes: vec![p, q],
        crt: None,
    })
}
