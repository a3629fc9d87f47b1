//! OpenTofu's crypto functions (`internal/lang/funcs/crypto.go`): hashes of
//! strings and of files, `bcrypt`, `rsadecrypt` and UUIDs.

mod bcrypt;
mod hash;
mod rsadecrypt;
mod uuid;

use tofu_types::Value;

use super::Function;

pub(super) fn functions() -> Vec<Function> {
    let mut functions = hash::functions();
    functions.extend([
        bcrypt::bcrypt(),
        rsadecrypt::rsadecrypt(),
        uuid::uuid(),
        uuid::uuidv5(),
    ]);
    functions
}

/// The string argument at `index`; `call` has checked it is a known,
/// non-null string.
fn string_arg(args: &[Value], index: usize) -> &str {
    args.get(index).and_then(Value::as_str).unwrap_or_default()
}

#[cfg(test)]
mod tests;
