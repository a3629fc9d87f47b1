//! Provider schemas as `tofu providers schema -json` prints them (OpenTofu's
//! `internal/command/jsonprovider`), for checking configuration against
//! what providers accept.
//!
//! * `cty_json.rs`: cty's JSON type encoding read back.

mod cty_json;

pub use cty_json::{type_from_json, type_from_json_text};
