//! Values and types of the OpenTofu language, computed exactly as OpenTofu
//! (through cty) computes them.
//!
//! * [`Number`]: cty numbers, bit for bit.
//! * [`Type`] and [`Value`]: cty's types and values, with marks.
//! * [`mod@convert`]: conversion and unification, with cty's error messages.
//! * [`Defaults`]: optional-attribute defaults of type constraints.
//! * [`mod@render`]: values as `tofu console` prints them.

pub mod convert;
pub mod defaults;
pub mod number;
pub mod render;
pub mod ty;
pub mod value;

pub use convert::{ConversionError, convert, unify};
pub use defaults::Defaults;
pub use number::{Number, NumberError};
pub use render::render;
pub use ty::{Type, is_identifier};
pub use value::{DeprecationCause, Entries, Mark, Marks, Value};
