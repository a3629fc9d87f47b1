// Go port of `ssh.ParseRawPrivateKey`/`x509.ParsePKCS1PrivateKey`: the `rsa` crate parses keys but not with Go's error texts.
//! `ssh.ParseRawPrivateKey` for what `rsadecrypt` can use: RSA keys in
//! PKCS #1, PKCS #8 and OpenSSH form, with Go's errors; other keys are
//! recognised only to be refused.

use num_bigint::BigInt;

use super::asn1::{Asn1Error, Field, Fields, oid_text, positive};
use super::{openssh, pem};

/// An RSA private key as Go holds it before `Validate`.
pub(super) struct RsaKey {
    pub(super) n: BigInt,
    pub(super) e: i64,
    pub(super) d: BigInt,
    pub(super) primes: Vec<BigInt>,
    /// dP, dQ and qInv, when the key carries them.
    pub(super) crt: Option<[BigInt; 3]>,
}

/// Why no RSA key came out.
pub(super) enum KeyError {
    /// An `asn1.SyntaxError` or `asn1.StructuralError` as it is.
    Asn1(Asn1Error),
    /// Any other error's text.
    Other(String),
    /// A key of another kind: Go's `%t` rendering of it.
    NotRsa(String),
}

impl From<Asn1Error> for KeyError {
    fn from(err: Asn1Error) -> KeyError {
        KeyError::Asn1(err)
    }
}

fn other(text: &str) -> KeyError {
    KeyError::Other(text.to_owned())
}

const OID_RSA: &str = "1.2.840.113549.1.1.1";
const OID_EC: &str = "1.2.840.10045.2.1";
const OID_ED25519: &str = "1.3.101.112";
const OID_X25519: &str = "1.3.101.110";

pub(super) fn parse_raw_private_key(text: &[u8]) -> Result<RsaKey, KeyError> {
    let Some(block) = pem::decode(text) else {
        return Err(other("ssh: no key found"));
    };
    let encrypted = block
        .headers
        .get("Proc-Type")
        .is_some_and(|v| v.contains("ENCRYPTED"));
    if encrypted {
        return Err(other("ssh: this private key is passphrase protected"));
    }
    match block.kind.as_str() {
        "RSA PRIVATE KEY" => parse_pkcs1(&block.bytes),
        "PRIVATE KEY" => parse_pkcs8(&block.bytes),
        "EC PRIVATE KEY" => parse_ec(&block.bytes),
        "DSA PRIVATE KEY" => parse_dsa(&block.bytes),
        "OPENSSH PRIVATE KEY" => openssh::parse(&block.bytes),
        kind => Err(KeyError::Other(format!(
            "ssh: unsupported key type {}",
            tofu_syntax::quote::go_quote(kind)
        ))),
    }
}

/// `x509.ParsePKCS1PrivateKey`.
pub(super) fn parse_pkcs1(der: &[u8]) -> Result<RsaKey, KeyError> {
    let fields = match pkcs1_fields(der) {
        Ok((_, rest)) if !rest.is_empty() => {
            return Err(Asn1Error::Syntax("trailing data".to_owned()).into());
        }
        Ok((fields, _)) => fields,
        Err(err) => {
            if is_ec_private_key(der) {
                return Err(other(
                    "x509: failed to parse private key (use ParseECPrivateKey instead for this key format)",
                ));
            }
            if pkcs8_fields(der).is_ok() {
                return Err(other(
                    "x509: failed to parse private key (use ParsePKCS8PrivateKey instead for this key format)",
                ));
            }
            return Err(err.into());
        }
    };
    let Pkcs1 {
        version,
        n,
        e,
        d,
        p,
        q,
        crt,
        additional_primes,
    } = fields;
    if version > 1 {
        return Err(other("x509: unsupported private key version"));
    }
    // Go would dereference the absent CRT values; call them zero.
    let crt_positive = crt
        .as_ref()
        .is_some_and(|values| values.iter().all(|v| v.as_ref().is_some_and(positive)));
    if ![&n, &d, &p, &q].into_iter().all(positive) || !crt_positive {
        return Err(other("x509: private key contains zero or negative value"));
    }
    if !additional_primes.iter().all(positive) {
        return Err(other("x509: private key contains zero or negative prime"));
    }
    let crt = crt.and_then(|[dp, dq, qinv]| Some([dp?, dq?, qinv?]));
    let mut primes = vec![p, q];
    primes.extend(additional_primes);
    Ok(RsaKey {
        n,
        e,
        d,
        primes,
        crt,
    })
}

struct Pkcs1 {
    version: i64,
    n: BigInt,
    e: i64,
    d: BigInt,
    p: BigInt,
    q: BigInt,
    crt: Option<[Option<BigInt>; 3]>,
    additional_primes: Vec<BigInt>,
}

/// `asn1.Unmarshal` into `pkcs1PrivateKey`, and what follows it.
fn pkcs1_fields(der: &[u8]) -> Result<(Pkcs1, &[u8]), Asn1Error> {
    let (mut f, rest) = Fields::unmarshal(der, "pkcs1PrivateKey")?;
    let required = |f: &mut Fields<'_>| -> Result<BigInt, Asn1Error> {
        Ok(f.big_int(Field::big_int())?.unwrap_or_default())
    };
    let version = f.int()?;
    let n = required(&mut f)?;
    let e = f.int()?;
    let d = required(&mut f)?;
    let p = required(&mut f)?;
    let q = required(&mut f)?;
    let optional = Field::big_int().optional();
    let crt = [
        f.big_int(optional)?,
        f.big_int(optional)?,
        f.big_int(optional)?,
    ];
    let mut additional_primes = Vec::new();
    if let Some(list) = f.next(Field::sequence("").optional())? {
        let mut elements = Fields::over(list);
        while !elements.is_empty() {
            let prime = elements
                .next(Field::sequence("pkcs1AdditionalRSAPrime"))
                .map_err(|err| match err {
                    Asn1Error::Structural(m) if m.starts_with("tags don't match") => {
                        Asn1Error::Structural("sequence tag mismatch".to_owned())
                    }
                    Asn1Error::Syntax(m) if m == "data truncated" => {
                        Asn1Error::Syntax("truncated sequence".to_owned())
                    }
                    other => other,
                })?
                .unwrap_or_default();
            let mut values = Fields::over(prime);
            let prime = required(&mut values)?;
            required(&mut values)?;
            required(&mut values)?;
            additional_primes.push(prime);
        }
    }
    let crt = Some(crt);
    Ok((
        Pkcs1 {
            version,
            n,
            e,
            d,
            p,
            q,
            crt,
            additional_primes,
        },
        rest,
    ))
}

/// What `pkcs8` holds: the algorithm and the inner private key.
struct Pkcs8 {
    oid: String,
    has_parameters: bool,
    key: Vec<u8>,
}

fn pkcs8_fields(der: &[u8]) -> Result<Pkcs8, Asn1Error> {
    let (mut f, _) = Fields::unmarshal(der, "pkcs8")?;
    f.int()?;
    let algorithm = f
        .next(Field::sequence("AlgorithmIdentifier"))?
        .unwrap_or_default();
    let mut algorithm = Fields::over(algorithm);
    let oid = oid_text(algorithm.next(Field::oid())?.unwrap_or_default())?;
    let has_parameters = algorithm.rest().is_some_and(|p| !p.is_empty());
    let key = f.next(Field::bytes())?.unwrap_or_default().to_vec();
    Ok(Pkcs8 {
        oid,
        has_parameters,
        key,
    })
}

/// Whether `der` reads as SEC 1 `ecPrivateKey` (version, octet string).
fn is_ec_private_key(der: &[u8]) -> bool {
    let Ok((mut f, _)) = Fields::unmarshal(der, "ecPrivateKey") else {
        return false;
    };
    f.int().is_ok() && f.next(Field::bytes()).is_ok_and(|k| k.is_some())
}

/// `x509.ParsePKCS8PrivateKey`.
fn parse_pkcs8(der: &[u8]) -> Result<RsaKey, KeyError> {
    let Pkcs8 {
        oid,
        has_parameters,
        key,
    } = match pkcs8_fields(der) {
        Ok(fields) => fields,
        Err(err) => {
            if is_ec_private_key(der) {
                return Err(other(
                    "x509: failed to parse private key (use ParseECPrivateKey instead for this key format)",
                ));
            }
            if pkcs1_fields(der).is_ok() {
                return Err(other(
                    "x509: failed to parse private key (use ParsePKCS1PrivateKey instead for this key format)",
                ));
            }
            return Err(err.into());
        }
    };
    match oid.as_str() {
        OID_RSA => parse_pkcs1(&key).map_err(|err| {
            KeyError::Other(format!(
                "x509: failed to parse RSA private key embedded in PKCS#8: {}",
                go_text(&err)
            ))
        }),
        OID_ED25519 => {
            if has_parameters {
                return Err(other("x509: invalid Ed25519 private key parameters"));
            }
            let seed = octet_string(&key).map_err(|err| {
                KeyError::Other(format!(
                    "x509: invalid Ed25519 private key: {}",
                    err.go_text()
                ))
            })?;
            if seed.len() != 32 {
                return Err(KeyError::Other(format!(
                    "x509: invalid Ed25519 private key length: {}",
                    seed.len()
                )));
            }
            Err(KeyError::NotRsa("ed25519.PrivateKey".to_owned()))
        }
        OID_EC => Err(KeyError::NotRsa("*ecdsa.PrivateKey".to_owned())),
        OID_X25519 => Err(KeyError::NotRsa("*ecdh.PrivateKey".to_owned())),
        _ => Err(KeyError::Other(format!(
            "x509: PKCS#8 wrapping contained private key with unknown algorithm: {oid}"
        ))),
    }
}

fn octet_string(der: &[u8]) -> Result<Vec<u8>, Asn1Error> {
    let mut f = Fields::over(der);
    Ok(f.next(Field::bytes())?.unwrap_or_default().to_vec())
}

/// `x509.ParseECPrivateKey`: such a key is never RSA.
fn parse_ec(der: &[u8]) -> Result<RsaKey, KeyError> {
    let (mut f, _) = Fields::unmarshal(der, "ecPrivateKey").map_err(|err| {
        KeyError::Other(format!(
            "x509: failed to parse EC private key: {}",
            err.go_text()
        ))
    })?;
    let parsed = f.int().and_then(|_| f.next(Field::bytes()));
    if let Err(err) = parsed {
        return Err(KeyError::Other(format!(
            "x509: failed to parse EC private key: {}",
            err.go_text()
        )));
    }
    Err(KeyError::NotRsa("*ecdsa.PrivateKey".to_owned()))
}

/// `ssh.ParseDSAPrivateKey`: such a key is never RSA.
fn parse_dsa(der: &[u8]) -> Result<RsaKey, KeyError> {
    let parsed = Fields::unmarshal(der, "").and_then(|(mut f, rest)| {
        f.int()?;
        for _ in 0..5 {
            f.big_int(Field::big_int())?;
        }
        Ok(rest)
    });
    match parsed {
        Err(err) => Err(KeyError::Other(format!(
            "ssh: failed to parse DSA key: {}",
            err.go_text()
        ))),
        Ok(rest) if !rest.is_empty() => Err(other("ssh: garbage after DSA key")),
        Ok(_) => Err(KeyError::NotRsa("*dsa.PrivateKey".to_owned())),
    }
}

/// The error's `Error()` text.
pub(super) fn go_text(err: &KeyError) -> String {
    match err {
        KeyError::Asn1(err) => err.go_text(),
        KeyError::Other(text) => text.clone(),
        KeyError::NotRsa(ty) => format!("invalid private key type %!t({ty})"),
    }
}
