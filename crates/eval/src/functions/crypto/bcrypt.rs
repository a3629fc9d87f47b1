//! `bcrypt(str, cost...)`: the `$2a$` hash of a string with a random salt,
//! as `golang.org/x/crypto/bcrypt` makes it. Impure: unknown during plans.

use tofu_types::{Number, Type, Value};

use super::string_arg;
use crate::functions::{Function, FunctionContext, FunctionError, Param};

const DEFAULT_COST: i64 = 10;
const MIN_COST: i64 = 4;
const MAX_COST: i64 = 31;
const MAX_PASSWORD_BYTES: usize = 72;

pub(super) fn bcrypt() -> Function {
    Function {
        name: "bcrypt",
        params: vec![Param::new("str", Type::String)],
        var_param: Some(Param::new("cost", Type::Number)),
        return_type: |_, _| Ok(Type::String),
        implementation: bcrypt_impl,
    }
}

fn bcrypt_impl(
    ctx: &FunctionContext<'_>,
    args: &[Value],
    _: &Type,
) -> Result<Value, FunctionError> {
    if ctx.pure_only {
        return Ok(Value::unknown(Type::String));
    }
    let mut cost = DEFAULT_COST;
    if let Some(given) = args.get(1) {
        cost = whole_number(given.as_number()).ok_or_else(|| {
            FunctionError::call(format!(
                "value must be a whole number, between {} and {}",
                i64::MIN,
                i64::MAX
            ))
        })?;
    }
    if args.len() > 2 {
        return Err(FunctionError::call(
            "bcrypt() takes no more than two arguments",
        ));
    }
    let password = string_arg(args, 0).as_bytes();
    let generating = |reason: String| {
        FunctionError::call(format!("error occurred generating password {reason}"))
    };
    if password.len() > MAX_PASSWORD_BYTES {
        return Err(generating(
            "bcrypt: password length exceeds 72 bytes".to_owned(),
        ));
    }
    if cost < MIN_COST {
        cost = DEFAULT_COST;
    }
    if cost > MAX_COST {
        return Err(generating(format!(
            "crypto/bcrypt: cost {cost} is outside allowed inclusive range {MIN_COST}..{MAX_COST}"
        )));
    }
    let cost = u32::try_from(cost).unwrap_or(DEFAULT_COST as u32);
    let hashed =
        ::bcrypt::hash_with_result(password, cost).map_err(|err| generating(err.to_string()))?;
    Ok(Value::string(
        hashed.format_for_version(::bcrypt::Version::TwoA),
    ))
}

/// `gocty.FromCtyValue` into an `int`: the number if it is a whole number
/// in range.
fn whole_number(number: Option<&Number>) -> Option<i64> {
    let number = number?;
    if !number.is_integer() {
        return None;
    }
    number.to_i64().ok()
}

#[cfg(test)]
mod tests {
    use base64::Engine;
    use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};

    /// Go's `TestBcryptingIsCorrect`: the same salt gives Go's hash.
    #[test]
    fn hashes_match_go_for_a_fixed_salt() {
        let config = GeneralPurposeConfig::new()
            .with_decode_allow_trailing_bits(true)
            .with_decode_padding_mode(DecodePaddingMode::RequireNone);
        let engine = GeneralPurpose::new(&base64::alphabet::BCRYPT, config);
        let decoded = engine.decode("XajjQvNhvvRt5GSeFk1xFe").unwrap();
        let mut salt = [0u8; 16];
        salt.copy_from_slice(&decoded[..16]);
        let parts = ::bcrypt::hash_with_salt("allmine", 10, salt).unwrap();
        assert_eq!(
            parts.format_for_version(::bcrypt::Version::TwoA),
            "$2a$10$XajjQvNhvvRt5GSeFk1xFeyqRrsxkhBkUiQeg0dt.wU1qD4aFDcga"
        );
    }
}
