//! Provider-defined functions: jsonprovider's `Function` and `FunctionParam`
//! (`internal/command/jsonprovider/function.go`).
//!
//! OpenTofu writes types here with its own `marshalReturnType`, which for
//! every type cty can express gives cty's JSON type encoding but drops the
//! optional attributes of object types; Terraform writes the encoding
//! itself. Both read back with the one decoder.

use serde_json::Value;
use tofu_types::Type;

use crate::cty_json::type_from_json;
use crate::error::SchemaError;
use crate::fields::Fields;
use crate::path::Path;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionSignature {
    pub description: String,
    pub summary: String,
    pub return_type: Type,
    /// The positional parameters, in order.
    pub parameters: Vec<Parameter>,
    /// The parameter any further arguments are for, if the function takes
    /// any number of them.
    pub variadic_parameter: Option<Parameter>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parameter {
    /// Only for documentation: arguments are positional.
    pub name: String,
    pub description: String,
    pub ty: Type,
    /// `is_nullable`: a null argument is passed to the function instead of
    /// being an error (`AllowNullValue`).
    pub is_nullable: bool,
}

pub(crate) fn decode_function(
    value: &Value,
    path: &Path<'_>,
) -> Result<FunctionSignature, SchemaError> {
    let fields = Fields::of(value, path)?;
    Ok(FunctionSignature {
        description: fields.string("description")?,
        summary: fields.string("summary")?,
        return_type: required_type(&fields, "return_type")?,
        parameters: fields.list("parameters", decode_parameter)?,
        variadic_parameter: match fields.get("variadic_parameter") {
            Some(parameter) => Some(decode_parameter(
                parameter,
                &path.field("variadic_parameter"),
            )?),
            None => None,
        },
    })
}

fn decode_parameter(value: &Value, path: &Path<'_>) -> Result<Parameter, SchemaError> {
    let fields = Fields::of(value, path)?;
    Ok(Parameter {
        name: fields.string("name")?,
        description: fields.string("description")?,
        ty: required_type(&fields, "type")?,
        is_nullable: fields.bool("is_nullable")?,
    })
}

fn required_type(fields: &Fields<'_, '_>, name: &str) -> Result<Type, SchemaError> {
    let path = fields.path().field(name);
    match fields.get(name) {
        Some(encoding) => {
            type_from_json(encoding).map_err(|message| SchemaError::shape(&path, message))
        }
        None => Err(SchemaError::shape(&path, "missing")),
    }
}
