//! `rsadecrypt(ciphertext, privatekey)`: Base64 ciphertext decrypted with
//! RSA PKCS #1 v1.5 by a PEM private key, as OpenTofu does it with Go's
//! `ssh.ParseRawPrivateKey` and `rsa.DecryptPKCS1v15`.

mod asn1;
mod keys;
mod openssh;
mod pem;
mod validate;

use num_bigint::{BigInt, Sign};
use rsa::BigUint;
use tofu_types::{Type, Value};

use super::string_arg;
use crate::functions::encoding::base64;
use crate::functions::{Function, FunctionError, Param};
use keys::{KeyError, RsaKey};

pub(super) fn rsadecrypt() -> Function {
    Function {
        name: "rsadecrypt",
        params: vec![
            Param::new("ciphertext", Type::String),
            Param::new("privatekey", Type::String),
        ],
        var_param: None,
        return_type: |_, _| Ok(Type::String),
        implementation: |_, args, _| {
            let ciphertext = string_arg(args, 0);
            let private_key = string_arg(args, 1);
            let bytes = base64::decode(ciphertext.as_bytes()).map_err(|_| {
                FunctionError::arg(
                    0,
                    format!(
                        "failed to decode input {}: cipher text must be base64-encoded",
                        tofu_syntax::quote::go_quote(ciphertext)
                    ),
                )
            })?;
            let key = keys::parse_raw_private_key(private_key.as_bytes())
                .and_then(|key| validate::validate(&key).map(|()| key))
                .map_err(|err| FunctionError::arg(1, key_error_text(&err)))?;
            let plain = decrypt(&key, &bytes)
                .map_err(|err| FunctionError::call(format!("failed to decrypt: {err}")))?;
            // Go keeps any bytes in its string; text here must be UTF-8.
            Ok(Value::string(String::from_utf8_lossy(&plain)))
        },
    }
}

/// OpenTofu's wording of a key error: ASN.1 errors reworded, others
/// prefixed.
fn key_error_text(err: &KeyError) -> String {
    match err {
        KeyError::Asn1(err) => {
            format!(
                "invalid ASN1 data in the given private key: {}",
                err.message()
            )
        }
        KeyError::NotRsa(_) => keys::go_text(err),
        KeyError::Other(text) => format!("invalid private key: {text}"),
    }
}

const DECRYPTION_ERROR: &str = "crypto/rsa: decryption error";

fn to_biguint(n: &BigInt) -> BigUint {
    BigUint::from_bytes_be(&n.to_bytes_be().1)
}

/// `rsa.DecryptPKCS1v15`: the key size check, the RSA operation on the
/// ciphertext read as a number below the modulus, then the padding
/// `00 02 PS 00 M` with at least eight bytes of PS.
fn decrypt(key: &RsaKey, ciphertext: &[u8]) -> Result<Vec<u8>, String> {
    let bits = key.n.bits();
    if bits < 1024 {
        return Err(format!(
            "crypto/rsa: {bits}-bit keys are insecure (see https://go.dev/pkg/crypto/rsa#hdr-Minimum_key_size)"
        ));
    }
    let size = bits.div_ceil(8) as usize;
    let c = BigInt::from_bytes_be(Sign::Plus, ciphertext);
    if c >= key.n {
        return Err(DECRYPTION_ERROR.to_owned());
    }
    let e = BigUint::from(u64::try_from(key.e).map_err(|_| DECRYPTION_ERROR.to_owned())?);
    let private = rsa::RsaPrivateKey::from_components(
        to_biguint(&key.n),
        e,
        to_biguint(&key.d),
        key.primes.iter().map(to_biguint).collect(),
    )
    .map_err(|_| DECRYPTION_ERROR.to_owned())?;
    let m = rsa::hazmat::rsa_decrypt::<NoBlinding>(None, &private, &to_biguint(&c))
        .map_err(|_| DECRYPTION_ERROR.to_owned())?;
    let m = m.to_bytes_be();
    if m.len() > size {
        return Err(DECRYPTION_ERROR.to_owned());
    }
    let mut em = vec![0u8; size - m.len()];
    em.extend_from_slice(&m);
    unpad(&em).ok_or_else(|| DECRYPTION_ERROR.to_owned())
}

/// The type of the random source `rsa_decrypt` is not given: Go's
/// decryption does not blind either.
struct NoBlinding;

impl rsa::rand_core::RngCore for NoBlinding {
    fn next_u32(&mut self) -> u32 {
        0
    }

    fn next_u64(&mut self) -> u64 {
        0
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        dest.fill(0);
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rsa::rand_core::Error> {
        dest.fill(0);
        Ok(())
    }
}

impl rsa::rand_core::CryptoRng for NoBlinding {}

/// The message of an `00 02 PS 00 M` block.
fn unpad(em: &[u8]) -> Option<Vec<u8>> {
    if em.len() < 11 || em[0] != 0 || em[1] != 2 {
        return None;
    }
    let zero = em[2..].iter().position(|b| *b == 0)? + 2;
    if zero < 10 {
        return None;
    }
    Some(em[zero + 1..].to_vec())
}

#[cfg(test)]
mod tests;
