//! `rsadecrypt(ciphertext, privatekey)`: Base64 ciphertext decrypted with
//! RSA PKCS #1 v1.5 by a PEM private key, as OpenTofu does it with Go's
//! `ssh.ParseRawPrivateKey` and `rsa.DecryptPKCS1v15`.

mod asn1;
mod keys;
mod openssh;
mod pem;
mod validate;

use num_bigint::BigInt;
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

/// `rsa.DecryptPKCS1v15`: Go's key size check, then the `rsa` crate's
/// PKCS #1 v1.5 decryption, which fails where Go's does (a ciphertext not
/// below the modulus, padding other than `00 02 PS 00 M` with at least
/// eight bytes of PS), all with the one message Go gives.
fn decrypt(key: &RsaKey, ciphertext: &[u8]) -> Result<Vec<u8>, String> {
    let bits = key.n.bits();
    if bits < 1024 {
        return Err(format!(
            "crypto/rsa: {bits}-bit keys are insecure (see https://go.dev/pkg/crypto/rsa#hdr-Minimum_key_size)"
        ));
    }
    let e = BigUint::from(u64::try_from(key.e).map_err(|_| DECRYPTION_ERROR.to_owned())?);
    let private = rsa::RsaPrivateKey::from_components(
        to_biguint(&key.n),
        e,
        to_biguint(&key.d),
        key.primes.iter().map(to_biguint).collect(),
    )
    .map_err(|_| DECRYPTION_ERROR.to_owned())?;
    private
        .decrypt(rsa::Pkcs1v15Encrypt, ciphertext)
        .map_err(|_| DECRYPTION_ERROR.to_owned())
}

#[cfg(test)]
mod tests;
