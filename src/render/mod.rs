//! Presenting a [`CheckReport`](crate::check::CheckReport): to people or
//! as `tofu validate -json` does.

mod context;
pub mod human;
pub mod json;
mod snippet;
