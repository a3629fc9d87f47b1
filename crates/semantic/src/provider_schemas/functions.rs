//! Provider-defined functions (`provider::NAME::FN`) from the schemas of
//! the providers a module requires, as OpenTofu finds them: `NAME` is a
//! local name of the module's `required_providers`
//! (`ProviderFunctionTransformer`), and the function is the one the
//! provider's schema describes (`providers.BuildProviderFunction`). A
//! required provider without a schema takes any call (its result is
//! unknown), as its resources are unchecked.

use std::sync::Arc;

use tofu_eval::functions::{ProviderFunction, ProviderFunctions, ProviderParam};
use tofu_provider_schema::{FunctionSignature, Parameter};

use crate::input::{ModuleDir, Workspace};
use crate::provider_validation::module_providers;

/// The functions of `module`'s required providers: those of the
/// providers with schemas, and the local names of all of them (a call of
/// a provider without a schema takes anything; one of a provider the
/// module does not require is an error).
#[salsa::tracked(returns(ref))]
pub(crate) fn module_provider_functions(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> Option<Arc<ProviderFunctions>> {
    let providers = module_providers(db, module);
    let mut out = ProviderFunctions::default();
    out.set_required(
        providers
            .required_providers()
            .map(|(name, _)| name.to_owned()),
    );
    let Some(set) = workspace.provider_schemas(db).as_ref() else {
        return Some(Arc::new(out));
    };
    for (name, provider) in providers.required_providers() {
        let Some(schema) = set.provider(provider) else {
            continue;
        };
        // A function whose schema cannot be read is left to the
        // placeholder OpenTofu calls for functions it does not know.
        let functions = schema
            .function_names()
            .filter_map(|f| Some(function(f, schema.function(f)?.ok()?)));
        out.insert_provider(name, functions);
    }
    Some(Arc::new(out))
}

fn function(name: &str, signature: &FunctionSignature) -> ProviderFunction {
    ProviderFunction {
        name: name.to_owned(),
        params: signature.parameters.iter().map(param).collect(),
        var_param: signature.variadic_parameter.as_ref().map(param),
        return_type: signature.return_type.clone(),
    }
}

fn param(parameter: &Parameter) -> ProviderParam {
    ProviderParam {
        name: parameter.name.clone(),
        ty: parameter.ty.clone(),
        allow_null: parameter.is_nullable,
    }
}
