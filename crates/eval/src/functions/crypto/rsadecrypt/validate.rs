// Go port of `rsa.PrivateKey.Validate`: its error texts; the `rsa` crate validates with other checks and words.
//! The checks Go's `rsa.PrivateKey.Validate` makes before a key is used
//! (`crypto/internal/fips140/rsa`'s `checkPublicKey` and
//! `checkPrivateKey`), with their messages.

use num_bigint::BigInt;
use num_integer::Integer;

use super::asn1::positive;
use super::keys::{KeyError, RsaKey};

fn fail(text: &str) -> Result<(), KeyError> {
    Err(KeyError::Other(text.to_owned()))
}

pub(super) fn validate(key: &RsaKey) -> Result<(), KeyError> {
    let [p, q] = key.primes.as_slice() else {
        // Multi-prime keys only get the public checks.
        return check_public(key);
    };
    let one = BigInt::from(1);
    // Setting up the arithmetic modulo n, p and q comes first.
    if *p <= one || *q <= one {
        return fail("modulus must be > 1");
    }
    if key.d >= key.n {
        return fail("input overflows the modulus");
    }
    let [dp, dq, qinv] = match &key.crt {
        Some(crt) => crt.clone(),
        None => {
            // Go derives the CRT values itself, which needs an odd p.
            let p1 = p - &one;
            let q1 = q - &one;
            if p1 <= one || q1 <= one {
                return fail("modulus must be > 1");
            }
            if p.is_even() {
                return fail("crypto/rsa: p is even");
            }
            let qinv = q.modpow(&(p - BigInt::from(2)), p);
            [&key.d % &p1, &key.d % &q1, qinv]
        }
    };
    if qinv >= *p {
        return fail("input overflows the modulus");
    }
    check_public(key)?;
    if *p >= key.n || *q >= key.n {
        return fail("crypto/rsa: invalid prime");
    }
    if (p * q) % &key.n != BigInt::ZERO {
        return fail("crypto/rsa: p * q != n");
    }
    let e = BigInt::from(key.e);
    for (prime, exponent) in [(p, &dp), (q, &dq)] {
        let prime_minus_one = prime - &one;
        if prime_minus_one <= one {
            return fail("crypto/rsa: invalid prime");
        }
        if *exponent >= prime_minus_one || (&e * exponent) % &prime_minus_one != one {
            return fail("crypto/rsa: invalid CRT exponent");
        }
    }
    if (q * &qinv) % p != one {
        return fail("crypto/rsa: invalid CRT coefficient");
    }
    if p == q {
        return fail("crypto/rsa: p == q");
    }
    let n_bits = key.n.bits() as i64;
    let difference = (p - q).magnitude().bits() as i64;
    if difference <= n_bits / 2 - 100 {
        return fail("crypto/rsa: |p - q| too small");
    }
    if (key.d.bits() as i64) <= n_bits / 2 {
        return fail("crypto/rsa: d too small");
    }
    Ok(())
}

fn check_public(key: &RsaKey) -> Result<(), KeyError> {
    if !positive(&key.n) {
        return fail("crypto/rsa: missing public modulus");
    }
    if key.n.is_even() {
        return fail("crypto/rsa: public modulus is even");
    }
    if key.e < 2 {
        return fail("crypto/rsa: public exponent too small or negative");
    }
    if key.e & 1 == 0 {
        return fail("crypto/rsa: public exponent is even");
    }
    if key.e > i64::from(i32::MAX) {
        return fail("crypto/rsa: public exponent too large");
    }
    Ok(())
}
