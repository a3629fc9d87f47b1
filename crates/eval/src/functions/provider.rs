//! Provider-defined functions (`provider::NAME::FN`), as OpenTofu builds
//! them from a provider's schema (`providers.BuildProviderFunction`):
//! positional parameters of static types that take no dynamic values and
//! no marks, a static return type, and an implementation only the
//! provider has. Without a provider to call, a call is unknown of its
//! return type.

use std::collections::BTreeMap;
use std::sync::Arc;

use tofu_types::Type;

/// One function of a provider's schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderFunction {
    /// The function's own name (`direxists`).
    pub name: String,
    pub params: Vec<ProviderParam>,
    pub var_param: Option<ProviderParam>,
    pub return_type: Type,
}

/// One parameter (`FunctionParameterSpec`): `AllowNullValue` as the
/// provider says; never dynamic or marked. (`AllowUnknownValues` only
/// decides whether the provider is called with an unknown argument,
/// which never happens here.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderParam {
    pub name: String,
    pub ty: Type,
    pub allow_null: bool,
}

impl ProviderFunction {
    /// The parameter that takes the argument at `index`.
    pub fn param(&self, index: usize) -> Option<&ProviderParam> {
        self.params.get(index).or(self.var_param.as_ref())
    }

    /// The signature OpenTofu describes for the function.
    pub fn signature(&self, called_as: &str) -> crate::FunctionSignature {
        let described = |p: &ProviderParam| (p.name.clone(), p.ty.json_encoding());
        crate::FunctionSignature {
            name: called_as.to_owned(),
            params: self.params.iter().map(described).collect(),
            variadic_param: self.var_param.as_ref().map(described),
            return_type: self.return_type.json_encoding(),
        }
    }
}

/// The functions of the providers a module requires with a known schema,
/// by the local name the module gives each provider.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProviderFunctions {
    providers: BTreeMap<String, BTreeMap<String, Arc<ProviderFunction>>>,
    /// The local names of the module's `required_providers`, when known:
    /// a provider among them without a schema takes any call, and a
    /// `provider::` name of none of them is "Unknown function provider".
    required: Option<std::collections::BTreeSet<String>>,
}

/// What a `provider::` name calls.
pub enum ProviderLookup<'a> {
    /// A function of the provider's schema.
    Function(&'a ProviderFunction),
    /// A provider with a schema that lacks the function: at validate,
    /// OpenTofu calls a placeholder that takes anything and returns an
    /// unknown value, since a configured provider may offer more
    /// functions than its schema.
    Placeholder,
}

impl ProviderFunctions {
    /// Says that the provider of local name `provider` has a schema, with
    /// these functions.
    pub fn insert_provider(
        &mut self,
        provider: impl Into<String>,
        functions: impl IntoIterator<Item = ProviderFunction>,
    ) {
        let entry = self.providers.entry(provider.into()).or_default();
        for f in functions {
            entry.insert(f.name.clone(), Arc::new(f));
        }
    }

    pub fn is_empty(&self) -> bool {
        self.providers.is_empty() && self.required.is_none()
    }

    /// Says which local names the module's `required_providers` has
    /// (with or without schemas).
    pub fn set_required(&mut self, names: impl IntoIterator<Item = String>) {
        self.required = Some(names.into_iter().collect());
    }

    /// The provider a `provider::` name names when the module does not
    /// require it (`ProviderFunctionTransformer`'s "Unknown function
    /// provider"); `None` for other names, or when the requirements are
    /// not known.
    pub fn unknown_provider<'n>(&self, name: &'n str) -> Option<&'n str> {
        let required = self.required.as_ref()?;
        let provider = provider_and_function(name)?.0;
        (!required.contains(provider) && !self.providers.contains_key(provider)).then_some(provider)
    }

    /// What `name` calls, when it is a provider function
    /// (`provider::NAME::FN` or `provider::NAME::ALIAS::FN`) of a provider
    /// with a schema.
    pub fn lookup(&self, name: &str) -> Option<ProviderLookup<'_>> {
        let (provider, function) = provider_and_function(name)?;
        let Some(functions) = self.providers.get(provider) else {
            // A required provider without a schema: its functions are
            // not known, so any call goes.
            let required = self.required.as_ref()?.contains(provider);
            return required.then_some(ProviderLookup::Placeholder);
        };
        Some(match functions.get(function) {
            Some(f) => ProviderLookup::Function(f),
            None => ProviderLookup::Placeholder,
        })
    }
}

/// The provider's local name and the function of `provider::NAME::FN`
/// or `provider::NAME::ALIAS::FN`.
fn provider_and_function(name: &str) -> Option<(&str, &str)> {
    let parts: Vec<&str> = name.split("::").collect();
    match parts.as_slice() {
        ["provider", provider, function] | ["provider", provider, _, function] => {
            Some((*provider, *function))
        }
        _ => None,
    }
}
