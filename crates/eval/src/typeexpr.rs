//! Type constraints decoded from expressions, as HCL's `ext/typeexpr`
//! decodes them (`TypeConstraintWithDefaults`), and OpenTofu's extra rules
//! for variable `type` arguments.

use std::collections::BTreeMap;
use std::path::Path;

use tofu_diagnostics::Code;
use tofu_syntax::ast::{AstNode, Expr, FunctionCall};
use tofu_syntax::{SyntaxKind, TextRange};
use tofu_types::convert::convert;
use tofu_types::{Defaults, Type, Value};

use crate::eval::{EvalContext, NoVariables, node_range};
use crate::functions::FunctionTable;
use crate::{Diagnostic, NoFileSystem};

/// A type constraint and the defaults of its optional attributes.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeConstraint {
    pub ty: Type,
    pub defaults: Option<Defaults>,
}

impl TypeConstraint {
    /// `any`: what a variable without a type (or with a type that has
    /// errors) takes.
    pub fn any() -> TypeConstraint {
        TypeConstraint {
            ty: Type::Dynamic,
            defaults: None,
        }
    }
}

/// HCL's `TypeConstraintWithDefaults`: `None` when there were errors.
pub fn type_constraint_with_defaults(expr: &Expr) -> (Option<TypeConstraint>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let (ty, defaults) = get_type(expr, true, true, &mut diags);
    if diags.iter().any(Diagnostic::is_error) {
        return (None, diags);
    }
    (Some(TypeConstraint { ty, defaults }), diags)
}

/// HCL's `TypeConstraint`: as [`type_constraint_with_defaults`] but
/// `optional()` takes no default.
pub fn type_constraint(expr: &Expr) -> (Option<Type>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let (ty, _) = get_type(expr, true, false, &mut diags);
    let ok = !diags.iter().any(Diagnostic::is_error);
    (ok.then_some(ty), diags)
}

/// The `type` argument of a `variable` block as OpenTofu decodes it:
/// quoted legacy types are errors, bare `list` and `map` mean a list or map
/// of any type, everything else is a type constraint with defaults.
pub fn variable_type(expr: &Expr) -> (Option<TypeConstraint>, Vec<Diagnostic>) {
    if let Expr::Template(t) = expr
        && let Some(text) = t.as_string_literal()
    {
        let range = node_range(expr.syntax());
        let legacy = "OpenTofu 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of OpenTofu.";
        let diagnostic = match text.as_str() {
            "string" => Diagnostic::error(
                Code::InvalidQuotedTypeConstraints,
                format!("{legacy} Remove the quotes around \"string\"."),
            ),
            "list" | "map" => Diagnostic::error(
                Code::InvalidQuotedTypeConstraints,
                format!(
                    "{legacy} Remove the quotes around \"{text}\" and write {text}(string) instead to explicitly indicate that the {text} elements are strings."
                ),
            ),
            _ => Diagnostic::error(
                Code::InvalidLegacyVariableTypeHint,
                "To provide a full type expression, remove the surrounding quotes and give the type expression directly.",
            ),
        };
        return (None, vec![diagnostic.with_subject(range)]);
    }
    match keyword(expr).as_deref() {
        Some("list") => return (Some(any_of(Type::list)), Vec::new()),
        Some("map") => return (Some(any_of(Type::map)), Vec::new()),
        _ => {}
    }
    type_constraint_with_defaults(expr)
}

fn any_of(constructor: fn(Type) -> Type) -> TypeConstraint {
    TypeConstraint {
        ty: constructor(Type::Dynamic),
        defaults: None,
    }
}

/// HCL's `ExprAsKeyword`: a lone name, or `true`/`false`/`null`.
fn keyword(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Variable(v) => Some(v.name()?.text().to_owned()),
        Expr::Literal(l) => match l.kind()? {
            tofu_syntax::ast::LiteralKind::Bool(b) => Some(b.to_string()),
            tofu_syntax::ast::LiteralKind::Null => Some("null".to_owned()),
            tofu_syntax::ast::LiteralKind::Number(_) => None,
        },
        _ => None,
    }
}

fn error(detail: impl Into<String>, subject: TextRange) -> Diagnostic {
    Diagnostic::error(Code::InvalidTypeSpecification, detail).with_subject(subject)
}

fn args_range(call: &FunctionCall) -> TextRange {
    let list = call
        .syntax()
        .children()
        .find(|n| n.kind() == SyntaxKind::ARG_LIST);
    list.map_or_else(|| node_range(call.syntax()), |l| node_range(&l))
}

fn get_type(
    expr: &Expr,
    constraint: bool,
    with_defaults: bool,
    diags: &mut Vec<Diagnostic>,
) -> (Type, Option<Defaults>) {
    let range = node_range(expr.syntax());
    let dynamic = (Type::Dynamic, None);
    if let Some(kw) = keyword(expr) {
        match kw.as_str() {
            "bool" => return (Type::Bool, None),
            "string" => return (Type::String, None),
            "number" => return (Type::Number, None),
            "any" if constraint => return (Type::Dynamic, None),
            "any" => diags.push(error(
                format!("The keyword {kw:?} cannot be used in this type specification: an exact type is required."),
                range,
            )),
            "list" | "map" | "set" => diags.push(error(
                format!("The {kw} type constructor requires one argument specifying the element type."),
                range,
            )),
            "object" => diags.push(error(
                "The object type constructor requires one argument specifying the attribute types and values as a map.",
                range,
            )),
            "tuple" => diags.push(error(
                "The tuple type constructor requires one argument specifying the element types as a list.",
                range,
            )),
            _ => diags.push(error(
                format!("The keyword {kw:?} is not a valid type specification."),
                range,
            )),
        }
        return dynamic;
    }
    let Expr::FunctionCall(call) = expr else {
        diags.push(error(
            "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
            range,
        ));
        return dynamic;
    };
    let name = call.name().unwrap_or_default();
    let args: Vec<Expr> = call.args().collect();
    let args_range = args_range(call);
    match name.as_str() {
        "bool" | "string" | "number" => {
            diags.push(error(
                format!("Primitive type keyword {name:?} does not expect arguments."),
                args_range,
            ));
            return dynamic;
        }
        "any" => {
            diags.push(error(
                format!("Type constraint keyword {name:?} does not expect arguments."),
                args_range,
            ));
            return dynamic;
        }
        _ => {}
    }
    if args.len() != 1 {
        let subject = match args.as_slice() {
            [_, second, .., last] => node_range(second.syntax()).cover(node_range(last.syntax())),
            [_, second] => node_range(second.syntax()),
            _ => args_range,
        };
        let detail = match name.as_str() {
            "list" | "set" | "map" => Some(format!(
                "The {name} type constructor requires one argument specifying the element type."
            )),
            "object" => Some("The object type constructor requires one argument specifying the attribute types and values as a map.".to_owned()),
            "tuple" => Some("The tuple type constructor requires one argument specifying the element types as a list.".to_owned()),
            _ => None,
        };
        if let Some(detail) = detail {
            diags.push(error(detail, subject).with_context(args_range));
            return dynamic;
        }
    }
    let name_range = call.name_node().map_or(range, |n| node_range(&n));
    match name.as_str() {
        "list" | "set" | "map" => {
            let (element, defaults) = get_type(&args[0], constraint, with_defaults, diags);
            let ty = match name.as_str() {
                "list" => Type::list(element),
                "set" => Type::set(element),
                _ => Type::map(element),
            };
            let defaults = defaults.map(|d| {
                let mut parent = Defaults::new(ty.clone());
                parent.insert_child(String::new(), d);
                parent
            });
            (ty, defaults)
        }
        "object" => object_type(&args[0], range, constraint, with_defaults, diags),
        "tuple" => {
            let Expr::Tuple(tuple) = &args[0] else {
                diags.push(
                    error(
                        "Tuple type constructor requires a list of element types.",
                        node_range(args[0].syntax()),
                    )
                    .with_context(range),
                );
                return dynamic;
            };
            let mut elements = Vec::new();
            let mut children = BTreeMap::new();
            for (i, e) in tuple.elements().enumerate() {
                let (ty, defaults) = get_type(&e, constraint, with_defaults, diags);
                elements.push(ty);
                if let Some(d) = defaults {
                    children.insert(i.to_string(), d);
                }
            }
            let ty = Type::tuple(elements);
            (
                ty.clone(),
                structured_defaults(ty, BTreeMap::new(), children),
            )
        }
        "optional" => {
            diags.push(error(
                format!("Keyword {name:?} is valid only as a modifier for object type attributes."),
                name_range,
            ));
            dynamic
        }
        _ => {
            diags.push(error(
                format!("Keyword {name:?} is not a valid type constructor."),
                range,
            ));
            dynamic
        }
    }
}

fn object_type(
    arg: &Expr,
    range: TextRange,
    constraint: bool,
    with_defaults: bool,
    diags: &mut Vec<Diagnostic>,
) -> (Type, Option<Defaults>) {
    let Expr::Object(object) = arg else {
        diags.push(
            error(
                "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.",
                node_range(arg.syntax()),
            )
            .with_context(range),
        );
        return (Type::Dynamic, None);
    };
    let mut attrs: BTreeMap<String, Type> = BTreeMap::new();
    let mut optional = Vec::new();
    let mut values: BTreeMap<String, Value> = BTreeMap::new();
    let mut children = BTreeMap::new();
    for item in object.items() {
        let key = item.key();
        let key_range = key.as_ref().map_or(range, |k| node_range(k.syntax()));
        // Parenthesised keys are expressions, not attribute names.
        let name = key
            .as_ref()
            .and_then(|k| k.expr())
            .and_then(|e| keyword(&e));
        let Some(name) = name else {
            diags.push(
                error(
                    "Object constructor map keys must be attribute names.",
                    key_range,
                )
                .with_context(range),
            );
            continue;
        };
        if attrs.contains_key(&name) {
            diags.push(
                error("Object constructor map keys must be unique.", key_range).with_context(range),
            );
            continue;
        }
        let Some(mut attr_expr) = item.value() else {
            continue;
        };
        let attr_range = node_range(attr_expr.syntax());
        let mut default_expr = None;
        if let Expr::FunctionCall(call) = &attr_expr
            && call.name().as_deref() == Some("optional")
        {
            let args: Vec<Expr> = call.args().collect();
            let args_range = args_range(call);
            if args.is_empty() {
                diags.push(
                    error(
                        "Optional attribute modifier requires the attribute type as its argument.",
                        args_range,
                    )
                    .with_context(attr_range),
                );
                continue;
            }
            if !constraint {
                let name_range = call.name_node().map_or(attr_range, |n| node_range(&n));
                diags.push(
                    error("Optional attribute modifier is only for type constraints, not for exact types.", name_range)
                        .with_context(attr_range),
                );
            } else if with_defaults {
                match args.len() {
                    1 => optional.push(name.clone()),
                    2 => {
                        let (value, value_diags) = constant_value(&args[1]);
                        let failed = value_diags.iter().any(Diagnostic::is_error);
                        diags.extend(value_diags);
                        if !failed {
                            optional.push(name.clone());
                            values.insert(name.clone(), value);
                            default_expr = Some(args[1].clone());
                        }
                    }
                    _ => diags.push(
                        error("Optional attribute modifier expects at most two arguments: the attribute type, and a default value.", args_range)
                            .with_context(attr_range),
                    ),
                }
            } else if args.len() == 1 {
                optional.push(name.clone());
            } else {
                diags.push(
                    error("Optional attribute modifier expects only one argument: the attribute type.", args_range)
                        .with_context(attr_range),
                );
            }
            attr_expr = args[0].clone();
        }
        let (attr_ty, attr_defaults) = get_type(&attr_expr, constraint, with_defaults, diags);
        if let Some(value) = values.remove(&name) {
            match convert(&value, &attr_ty) {
                Ok(converted) => {
                    values.insert(name.clone(), converted);
                }
                Err(err) => {
                    let subject = default_expr
                        .as_ref()
                        .map_or(attr_range, |e| node_range(e.syntax()));
                    diags.push(
                        Diagnostic::error(
                            Code::InvalidOptionalAttributeDefault,
                            format!("This default value is not compatible with the attribute's type constraint: {}.", err.message),
                        )
                        .with_subject(subject),
                    );
                }
            }
        }
        attrs.insert(name.clone(), attr_ty);
        if let Some(d) = attr_defaults {
            children.insert(name, d);
        }
    }
    let ty = Type::object_with_optional(attrs, optional);
    (ty.clone(), structured_defaults(ty, values, children))
}

fn structured_defaults(
    ty: Type,
    values: BTreeMap<String, Value>,
    children: BTreeMap<String, Defaults>,
) -> Option<Defaults> {
    if values.is_empty() && children.is_empty() {
        return None;
    }
    let mut defaults = Defaults::new(ty);
    for (name, value) in values {
        defaults.insert_value(name, value);
    }
    for (key, child) in children {
        defaults.insert_child(key, child);
    }
    Some(defaults)
}

/// An expression's value with no variables and no functions, as HCL's
/// `expr.Value(nil)`.
pub fn constant_value(expr: &Expr) -> (Value, Vec<Diagnostic>) {
    crate::eval::evaluate(expr, &constant_context(&FunctionTable::default()))
}

/// A JSON-syntax expression's value with no variables and no functions,
/// as HCL's `expr.Value(nil)` (strings are still templates).
pub fn constant_json_value(value: &tofu_syntax::json::JsonValue) -> (Value, Vec<Diagnostic>) {
    crate::eval::evaluate_json(value, &constant_context(&FunctionTable::default()), true)
}

/// Either syntax's expression value with no variables and no functions,
/// HCL's `expr.Value(nil)`.
pub fn constant_any_value(expr: &tofu_syntax::body::AnyExpr) -> (Value, Vec<Diagnostic>) {
    match expr {
        tofu_syntax::body::AnyExpr::Native(expr) => constant_value(expr),
        tofu_syntax::body::AnyExpr::Json(value) => constant_json_value(value),
    }
}

fn constant_context(functions: &FunctionTable) -> EvalContext<'_> {
    EvalContext {
        scope: &NoVariables,
        functions,
        fs: &NoFileSystem,
        base_dir: Path::new(""),
        pure_only: true,
        source_text: "",
        file_name: "",
        assume_non_empty: false,
    }
}
