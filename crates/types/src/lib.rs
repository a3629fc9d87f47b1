//! Values and types of the OpenTofu language, computed exactly as OpenTofu
//! (through cty) computes them.

pub mod number;

pub use number::{Number, NumberError};
