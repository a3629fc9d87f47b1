//! The value model checked against what OpenTofu's console and type
//! conversion produce. Expected results were taken from the console (the
//! same cty code), with error messages in the wording of the cty release
//! OpenTofu uses.

mod convert;
mod defaults;
mod equality;
mod marks;
mod render;
mod seeds;
mod support;
mod unify;
mod values;
