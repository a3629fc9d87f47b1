//! Addresses as OpenTofu's `addrs` package reads them: static traversals
//! taken from the syntax tree ([`traversal`]), references read from them
//! ([`reference`], `addrs.ParseRef`) and the endpoints of `moved`,
//! `import` and `removed` blocks ([`endpoint`]); provider addresses
//! ([`provider`]), module source addresses ([`module_source`]) and
//! version constraints ([`version`], go-version's `NewConstraint`).
//!
//! Both the reference analysis and the load-time checks of the
//! `config` module read their addresses here, so that neither depends on
//! the other.

pub(crate) mod endpoint;
pub(crate) mod module_source;
pub(crate) mod provider;
pub(crate) mod reference;
pub(crate) mod traversal;
pub(crate) mod version;
