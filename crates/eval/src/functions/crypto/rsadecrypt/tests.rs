use super::*;

macro_rules! key_file {
    ($name:literal) => {
        include_str!(concat!(
            "../../../../tests/console/files/filesystem/keys/",
            $name
        ))
    };
}

fn decrypt_with(cipher: &str, key: &str) -> Result<Value, FunctionError> {
    crate::functions::testing::run("rsadecrypt", &[Value::string(cipher), Value::string(key)])
}

#[test]
fn decrypts_with_every_key_form() {
    let cipher = key_file!("cipher.b64");
    for key in [
        key_file!("pkcs1.pem"),
        key_file!("pkcs8.pem"),
        key_file!("openssh.pem"),
    ] {
        assert_eq!(decrypt_with(cipher, key), Ok(Value::string("message")));
    }
    assert_eq!(
        decrypt_with(key_file!("utf8.b64"), key_file!("pkcs1.pem")),
        Ok(Value::string("héllo wörld"))
    );
}

#[test]
fn errors_match_opentofu_tests() {
    let cipher = key_file!("cipher.b64");
    let cases = [
        (
            cipher,
            key_file!("wrong.pem"),
            FunctionError::call("failed to decrypt: crypto/rsa: decryption error"),
        ),
        (
            cipher,
            key_file!("bad.pem"),
            FunctionError::arg(
                1,
                "invalid ASN1 data in the given private key: data truncated",
            ),
        ),
        (
            cipher,
            "",
            FunctionError::arg(1, "invalid private key: ssh: no key found"),
        ),
        (
            "bad",
            key_file!("pkcs1.pem"),
            FunctionError::arg(
                0,
                "failed to decode input \"bad\": cipher text must be base64-encoded",
            ),
        ),
        (
            "",
            key_file!("pkcs1.pem"),
            FunctionError::call("failed to decrypt: crypto/rsa: decryption error"),
        ),
        (
            cipher,
            key_file!("encrypted.pem"),
            FunctionError::arg(
                1,
                "invalid private key: ssh: this private key is passphrase protected",
            ),
        ),
        (
            key_file!("small.b64"),
            key_file!("small.pem"),
            FunctionError::call(
                "failed to decrypt: crypto/rsa: 512-bit keys are insecure (see https://go.dev/pkg/crypto/rsa#hdr-Minimum_key_size)",
            ),
        ),
        (
            cipher,
            "-----BEGIN FOO-----\n-----END FOO-----\n",
            FunctionError::arg(1, "invalid private key: ssh: unsupported key type \"FOO\""),
        ),
        (
            cipher,
            "-----BEGIN RSA PRIVATE KEY-----\n-----END RSA PRIVATE KEY-----\n",
            FunctionError::arg(
                1,
                "invalid ASN1 data in the given private key: sequence truncated",
            ),
        ),
    ];
    for (cipher, key, want) in cases {
        assert_eq!(decrypt_with(cipher, key), Err(want));
    }
}

/// A small deterministic generator for inputs no one would write.
fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect()
}

#[test]
fn arbitrary_keys_never_panic() {
    let cipher = key_file!("cipher.b64");
    let real = pem::decode(key_file!("pkcs1.pem").as_bytes())
        .unwrap()
        .bytes;
    for seed in 0..400u64 {
        let mut der = noise(seed, (seed % 97) as usize);
        if seed % 3 == 0 {
            // Corrupt a real key instead, to get deeper into the parsers.
            der = real.clone();
            let at = (seed as usize * 31) % der.len();
            der[at] ^= noise(seed, 1)[0] | 1;
            der.truncate(der.len() - (seed as usize % 5));
        }
        let body = base64::encode(&der);
        for kind in [
            "RSA PRIVATE KEY",
            "PRIVATE KEY",
            "OPENSSH PRIVATE KEY",
            "EC PRIVATE KEY",
            "DSA PRIVATE KEY",
        ] {
            let key = format!("-----BEGIN {kind}-----\n{body}\n-----END {kind}-----\n");
            let _ = decrypt_with(cipher, &key);
        }
        let _ = pem::decode(&noise(seed, 64));
        let _ = asn1::Fields::unmarshal(&noise(seed, (seed % 13) as usize), "x");
    }
}
