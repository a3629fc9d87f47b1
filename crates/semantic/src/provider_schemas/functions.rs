//! Provider-defined functions (`provider::NAME::FN`) from the schemas of
//! the providers a module requires, as OpenTofu finds them: `NAME` is a
//! local name of the module's `required_providers`
//! (`ProviderFunctionTransformer`), and the function is the one the
//! provider's schema describes (`providers.BuildProviderFunction`). A
//! provider without a schema adds nothing: its calls are what they are
//! without schemas.

use std::sync::Arc;

use tofu_eval::functions::{ProviderFunction, ProviderFunctions, ProviderParam};
use tofu_provider_schema::{FunctionSignature, Parameter};

use crate::input::{ModuleDir, Workspace};
use crate::provider_validation::module_providers;

/// The functions of `module`'s required providers that have schemas;
/// `None` when there are none.
#[salsa::tracked(returns(ref))]
pub(crate) fn module_provider_functions(
    db: &dyn salsa::Database,
    workspace: Workspace,
    module: ModuleDir,
) -> Option<Arc<ProviderFunctions>> {
    let set = workspace.provider_schemas(db).as_ref()?;
    let mut out = ProviderFunctions::default();
    for (name, provider) in module_providers(db, module).required_providers() {
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
    (!out.is_empty()).then(|| Arc::new(out))
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
