//! `variable`, `locals` and `output` blocks (`named_values.go`), and the
//! check rules (`validation`, `precondition`, ...) of `checks.go`.

use tofu_diagnostics::Code;
use tofu_eval::typeexpr::TypeConstraint;
use tofu_syntax::ast::{AstNode, Expr};
use tofu_syntax::body::{AnyBlock, AnyExpr, AttributeSchema, BlockSchema, BodySchema};
use tofu_syntax::json::{JsonScalarKind, JsonValue};
use tofu_syntax::{TextRange, trimmed_range};
use tofu_types::convert::ConversionError;
use tofu_types::defaults::convert_with_defaults;
use tofu_types::{Type, Value};

use super::gohcl::{Gohcl, gohcl_decode};
use super::{Decoder, ItemBody, LocalItem, OutputItem, ParsingMode, VariableItem};
use lint::lint_default_value;

pub(super) use check_rule::expr_variables;
/// For the other blocks with check rules (resources, `check`): their
/// rules and the references of their conditions.
pub(crate) use check_rule::{CheckRule, decode_check_rule};

mod check_rule;
mod lint;
#[cfg(test)]
mod tests;

/// `variableBlockSchema`.
const VARIABLE_SCHEMA: BodySchema<'static> = BodySchema::new(
    &[
        AttributeSchema::optional("description"),
        AttributeSchema::optional("default"),
        AttributeSchema::optional("type"),
        AttributeSchema::optional("sensitive"),
        AttributeSchema::optional("ephemeral"),
        AttributeSchema::optional("const"),
        AttributeSchema::optional("deprecated"),
        AttributeSchema::optional("nullable"),
    ],
    &[BlockSchema::new("validation", &[])],
);

const OUTPUT_BLOCKS: &[BlockSchema<'static>] = &[
    BlockSchema::new("precondition", &[]),
    BlockSchema::new("postcondition", &[]),
];

/// `outputBlockSchema`.
const OUTPUT_SCHEMA: BodySchema<'static> = BodySchema::new(
    &[
        AttributeSchema::optional("description"),
        AttributeSchema::required("value"),
        AttributeSchema::optional("depends_on"),
        AttributeSchema::optional("sensitive"),
        AttributeSchema::optional("ephemeral"),
        AttributeSchema::optional("deprecated"),
    ],
    OUTPUT_BLOCKS,
);

/// `schemaForOverrides(outputBlockSchema)`: nothing is required.
const OUTPUT_OVERRIDE_SCHEMA: BodySchema<'static> = BodySchema::new(
    &[
        AttributeSchema::optional("description"),
        AttributeSchema::optional("value"),
        AttributeSchema::optional("depends_on"),
        AttributeSchema::optional("sensitive"),
        AttributeSchema::optional("ephemeral"),
        AttributeSchema::optional("deprecated"),
    ],
    OUTPUT_BLOCKS,
);

/// The argument and block names of a `module` block (`moduleBlockSchema`),
/// which no variable may take.
const MODULE_RESERVED_NAMES: &[&str] = &[
    "source",
    "version",
    "count",
    "for_each",
    "depends_on",
    "providers",
    "_",
    "lifecycle",
    "locals",
    "provider",
];

/// `decodeVariableBlock`.
pub(super) fn decode_variable(d: &mut Decoder<'_>, block: &AnyBlock) {
    let Some(name) = block.labels.first() else {
        return;
    };
    let label = Decoder::label_range(block, 0);
    let content = d.content(&block.body, &VARIABLE_SCHEMA);

    d.check_name(Code::InvalidVariableName, name, label);
    for reserved in MODULE_RESERVED_NAMES {
        if name == reserved {
            d.error(
                Code::InvalidVariableName,
                format!(
                    "The variable name \"{reserved}\" is reserved due to its special meaning inside module blocks."
                ),
                label,
            );
        }
    }

    if let Some(attribute) = content.attribute("description") {
        let _ = gohcl_decode(d, attribute, &Type::String, Gohcl::Full);
    }
    let declared_type = content
        .attribute("type")
        .and_then(|attribute| attribute.expr.as_ref())
        .map(|expr| decode_variable_type(d, expr));
    // Override files leave the type unset unless they set it.
    let constraint = declared_type
        .clone()
        .or_else(|| (!d.is_override).then(TypeConstraint::any));
    let flag = |d: &mut Decoder<'_>, name: &str| {
        content.attribute(name).is_some_and(|attribute| {
            gohcl_decode(d, attribute, &Type::Bool, Gohcl::Full)
                .ok()
                .and_then(|v| v.as_bool())
                == Some(true)
        })
    };
    let sensitive = flag(d, "sensitive");
    let mut deprecated = None;
    if let Some(attribute) = content.attribute("deprecated")
        && let Ok(value) = gohcl_decode(d, attribute, &Type::String, Gohcl::Full)
    {
        match value.as_str() {
            Some(message) if !message.trim().is_empty() => deprecated = Some(message.to_owned()),
            _ => d.error(
                Code::InvalidDeprecatedValue,
                "The \"deprecated\" argument must not be empty, and should provide instructions on how to migrate away from usage of this deprecated variable.",
                label,
            ),
        }
    }
    let ephemeral = flag(d, "ephemeral");
    // A `nullable` that fails to decode leaves Go's zero value, false.
    let nullable = match content.attribute("nullable") {
        Some(attribute) => gohcl_decode(d, attribute, &Type::Bool, Gohcl::Full)
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(false),
        None => true,
    };
    if let Some(attribute) = content.attribute("const") {
        let _ = gohcl_decode(d, attribute, &Type::Bool, Gohcl::Full);
    }

    let mut default = None;
    if let Some(attribute) = content.attribute("default")
        && let Some(expr) = &attribute.expr
    {
        let mut value = d.constant(expr);
        if let Some(constraint) = &constraint {
            match convert_with_defaults(&value, &constraint.ty, constraint.defaults.as_ref()) {
                Ok(converted) => value = converted,
                Err(err) => {
                    d.error(
                        Code::InvalidDefaultValueForVariable,
                        format!(
                            "This default value is not compatible with the variable's type constraint: {}.",
                            format_error(&err)
                        ),
                        expr.range(),
                    );
                    value = Value::dynamic();
                }
            }
            if let AnyExpr::Native(expr) = expr {
                lint_default_value(d, expr, &constraint.ty);
            }
        }
        if !nullable && value.is_null() {
            d.error(
                Code::InvalidDefaultValueForVariable,
                "A null default value is not valid when nullable=false.",
                expr.range(),
            );
        }
        default = Some(value);
    }

    let mut validations = Vec::with_capacity(content.blocks.len());
    for validation in &content.blocks {
        let rule = decode_check_rule(d, validation);
        validations.push(d.check_rule_item(validation, &rule));
        if let Some(condition) = &rule.condition {
            let refers_to_self = expr_variables(condition)
                .iter()
                .any(|v| v.is_input_variable(name));
            if !refers_to_self {
                d.error(
                    Code::InvalidVariableValidationCondition,
                    format!(
                        "The condition for variable \"{name}\" must refer to var.{name} in order to test incoming values."
                    ),
                    condition.range(),
                );
            }
        }
    }
    d.set_item_body(ItemBody::Variable(Box::new(VariableItem {
        has_default: content.attribute("default").is_some(),
        parsing_mode: content
            .attribute("type")
            .and_then(|a| a.expr.as_ref())
            .map(parsing_mode),
        constraint: declared_type,
        default,
        nullable: content.attribute("nullable").map(|_| nullable),
        sensitive,
        ephemeral,
        deprecated,
        validations: validations.into(),
    })));
}

/// The parsing mode a `type` argument gives its variable's root values
/// (`decodeVariableType`'s `ParsingMode`).
fn parsing_mode(expr: &AnyExpr) -> ParsingMode {
    let (constraint, diagnostics) = match expr {
        AnyExpr::Native(expr @ (Expr::Template(_) | Expr::Heredoc(_))) => {
            // The legacy quoted forms: only "string" keeps literal values.
            let (value, diagnostics) = tofu_eval::typeexpr::constant_value(expr);
            let literal = !diagnostics.iter().any(tofu_eval::Diagnostic::is_error)
                && value.as_str() == Some("string");
            return if literal {
                ParsingMode::Literal
            } else {
                ParsingMode::Expression
            };
        }
        AnyExpr::Native(expr) => tofu_eval::typeexpr::variable_type(expr),
        AnyExpr::Json(value) => json_variable_type(value),
    };
    match constraint {
        Some(constraint)
            if !diagnostics.iter().any(tofu_eval::Diagnostic::is_error)
                && constraint.ty.is_primitive() =>
        {
            ParsingMode::Literal
        }
        _ => ParsingMode::Expression,
    }
}

/// `decodeVariableType`: quoted legacy types are errors, bare `list` and
/// `map` mean collections of any type, anything else is a type constraint
/// with defaults; a type with errors is "any type". In JSON a type is a
/// string holding native syntax.
pub(crate) fn decode_variable_type(d: &mut Decoder<'_>, expr: &AnyExpr) -> TypeConstraint {
    let dynamic = TypeConstraint::any();
    let (constraint, diagnostics) = match expr {
        AnyExpr::Native(expr) => tofu_eval::typeexpr::variable_type(expr),
        AnyExpr::Json(value) => json_variable_type(value),
    };
    let failed = diagnostics.iter().any(tofu_eval::Diagnostic::is_error);
    d.eval_diagnostics(diagnostics);
    match constraint {
        Some(constraint) if !failed => constraint,
        _ => dynamic,
    }
}

const NOT_A_TYPE: &str = "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).";

/// A JSON `type`: HCL reads a string as a keyword or as a native function
/// call whose positions start at the opening quote; nothing else is a type.
pub(crate) fn json_variable_type(
    value: &JsonValue,
) -> (Option<TypeConstraint>, Vec<tofu_eval::Diagnostic>) {
    let whole = value.text_range();
    let not_a_type = || {
        (
            None,
            vec![
                tofu_eval::Diagnostic::error(Code::InvalidTypeSpecification, NOT_A_TYPE)
                    .with_subject(whole),
            ],
        )
    };
    let Some(text) = value
        .as_scalar()
        .filter(|s| s.kind() == JsonScalarKind::String)
        .and_then(|s| s.as_str())
    else {
        return not_a_type();
    };
    let parse = tofu_syntax::parse_expression(&text, "");
    let parsed = tofu_syntax::ast::ExpressionFile::cast(parse.syntax()).and_then(|f| f.expr());
    let Some(expr) = parsed.filter(|_| parse.errors().is_empty()) else {
        return not_a_type();
    };
    if !matches!(
        expr,
        Expr::Variable(_) | Expr::Literal(_) | Expr::FunctionCall(_)
    ) {
        return not_a_type();
    }
    let inner_whole = trimmed_range(expr.syntax());
    let shift = whole.start();
    let moved = |range: TextRange| {
        if range == inner_whole {
            whole
        } else {
            range + shift
        }
    };
    let (constraint, diagnostics) = tofu_eval::typeexpr::variable_type(&expr);
    let diagnostics = diagnostics
        .into_iter()
        .map(|d| tofu_eval::Diagnostic {
            location: d.location.map(|l| tofu_diagnostics::Location {
                range: moved(l.range),
                ..l
            }),
            context: d.context.map(moved),
            ..d
        })
        .collect();
    (constraint, diagnostics)
}

/// `tfdiags.FormatError`: the path, if any, before the message.
pub(crate) fn format_error(err: &ConversionError) -> String {
    if err.path.is_empty() {
        err.message.clone()
    } else {
        format!("{}: {}", err.path_string(), err.message)
    }
}

/// `decodeLocalsBlock`: every item is a local value.
pub(super) fn decode_locals(d: &mut Decoder<'_>, block: &AnyBlock) {
    let mut locals = Vec::new();
    for attribute in d.just_attributes(&block.body) {
        d.check_name(
            Code::InvalidLocalValueName,
            &attribute.name,
            attribute.name_range,
        );
        locals.push(LocalItem {
            definition: d.span(attribute.range),
            name: attribute.name,
        });
    }
    locals.shrink_to_fit();
    d.set_item_body(ItemBody::Locals(locals));
}

/// `decodeOutputBlock`.
pub(super) fn decode_output(d: &mut Decoder<'_>, block: &AnyBlock) {
    let Some(name) = block.labels.first() else {
        return;
    };
    let errors_before = d.error_count();
    let schema = if d.is_override {
        &OUTPUT_OVERRIDE_SCHEMA
    } else {
        &OUTPUT_SCHEMA
    };
    let content = d.content(&block.body, schema);
    d.check_name(
        Code::InvalidOutputName,
        name,
        Decoder::label_range(block, 0),
    );

    if let Some(attribute) = content.attribute("description") {
        let _ = gohcl_decode(d, attribute, &Type::String, Gohcl::Full);
    }
    if let Some(attribute) = content.attribute("sensitive") {
        let _ = gohcl_decode(d, attribute, &Type::Bool, Gohcl::Full);
    }
    if let Some(attribute) = content.attribute("deprecated") {
        let value = gohcl_decode(d, attribute, &Type::String, Gohcl::Full);
        // OpenTofu checks for any error so far in the block.
        if d.error_count() == errors_before
            && let Ok(value) = value
            && value.as_str().is_none_or(|s| s.trim().is_empty())
            && let Some(expr) = &attribute.expr
        {
            d.error(
                Code::InvalidDeprecatedAttribute,
                "The \"deprecated\" argument must not be empty, and should provide instructions on how to migrate away from usage of this deprecated output value.",
                expr.range(),
            );
        }
    }
    if let Some(attribute) = content.attribute("ephemeral") {
        let _ = gohcl_decode(d, attribute, &Type::Bool, Gohcl::Full);
    }
    let mut depends_on = None;
    if let Some(attribute) = content.attribute("depends_on") {
        let found = d.decode_depends_on(attribute);
        depends_on = d.depends_on_place(&found);
    }
    d.set_item_body(ItemBody::Output(OutputItem { depends_on }));
    for nested in &content.blocks {
        match nested.type_name.as_str() {
            "precondition" => {
                decode_check_rule(d, nested);
            }
            "postcondition" => d.error(
                Code::PostconditionsAreNotAllowed,
                "Output values can only have preconditions, not postconditions.",
                nested.type_range,
            ),
            _ => {}
        }
    }
}
