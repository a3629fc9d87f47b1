//! What evaluation reads of a module's declarations: its variables as
//! `configs.Variable` holds them, and the expressions of named values.

use tofu_eval::typeexpr::TypeConstraint;
use tofu_syntax::TextRange;
use tofu_syntax::body::{
    AnyAttribute, AnyBlock, AnyBody, AnyExpr, AttributeSchema, BodySchema, SourceText,
};
use tofu_types::defaults::convert_with_defaults;
use tofu_types::{Type, Value};

use crate::config::Decoder;
use crate::declarations::file_blocks;
use crate::{ModuleDir, SourceFile};

/// A variable declaration, decoded.
#[derive(Debug, Clone, PartialEq)]
pub struct VariableDecl {
    pub name: String,
    pub file: SourceFile,
    /// The block header, OpenTofu's `DeclRange`.
    pub range: TextRange,
    pub constraint: TypeConstraint,
    /// The default, converted to the type; `None` without one (the
    /// variable is required).
    pub default: Option<Value>,
    pub nullable: bool,
    pub sensitive: bool,
    pub ephemeral: bool,
    pub deprecated: Option<String>,
    /// Each `validation` block's header range, condition and message.
    pub validations: Vec<ValidationRule>,
}

/// A `validation` block, by the ranges of its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationRule {
    pub range: TextRange,
    pub condition: Option<TextRange>,
    pub error_message: Option<TextRange>,
}

const VARIABLE_ARGUMENTS: &[AttributeSchema<'static>] = &[
    AttributeSchema::optional("description"),
    AttributeSchema::optional("default"),
    AttributeSchema::optional("type"),
    AttributeSchema::optional("sensitive"),
    AttributeSchema::optional("ephemeral"),
    AttributeSchema::optional("nullable"),
    AttributeSchema::optional("deprecated"),
    AttributeSchema::optional("const"),
];
const VALIDATION_ARGUMENTS: &[AttributeSchema<'static>] = &[
    AttributeSchema::optional("condition"),
    AttributeSchema::optional("error_message"),
];

/// The variables of a module, the first of duplicates winning, decoded as
/// OpenTofu decodes them (whatever the load-time checks reported is
/// theirs: a type with errors is `any`, a default that does not convert
/// is none).
#[salsa::tracked(returns(ref))]
pub fn module_variable_decls(db: &dyn salsa::Database, module: ModuleDir) -> Vec<VariableDecl> {
    let mut out: Vec<VariableDecl> = Vec::new();
    for decl in crate::module_declarations(db, module) {
        let crate::DeclKind::Variable(name) = &decl.kind else {
            continue;
        };
        if out.iter().any(|v| &v.name == name) {
            continue;
        }
        if let Some(body) = super::syntax::block_body(db, decl.file, decl.range) {
            out.push(decode_variable(db, decl.file, name, &body, decl.range));
        }
    }
    out
}

fn decode_variable(
    db: &dyn salsa::Database,
    file: SourceFile,
    name: &str,
    body: &AnyBody,
    def_range: TextRange,
) -> VariableDecl {
    // The decoder's reports are the load-time checks'; only its values
    // are wanted here.
    let mut d = Decoder::new(db, file);
    let blocks = [tofu_syntax::body::BlockSchema::new("validation", &[])];
    let schema = BodySchema::new(VARIABLE_ARGUMENTS, &blocks);
    let (content, _, _) = body.partial_content(&schema, &d.source.clone());
    let constraint = match content.attribute("type").and_then(|a| a.expr.as_ref()) {
        Some(expr) => crate::config::named_values::decode_variable_type(&mut d, expr),
        None => TypeConstraint {
            ty: Type::Dynamic,
            defaults: None,
        },
    };
    let literal = |d: &mut Decoder<'_>, name: &str| {
        content
            .attribute(name)
            .and_then(|a| a.expr.as_ref())
            .map(|expr| d.constant(expr))
    };
    let flag = |d: &mut Decoder<'_>, name: &str, absent: bool| {
        literal(d, name).map_or(absent, |v| v.as_bool().unwrap_or(false))
    };
    let nullable = flag(&mut d, "nullable", true);
    let sensitive = flag(&mut d, "sensitive", false);
    let ephemeral = flag(&mut d, "ephemeral", false);
    let deprecated = literal(&mut d, "deprecated").and_then(|v| v.as_str().map(str::to_owned));
    let default = literal(&mut d, "default").and_then(|value| {
        convert_with_defaults(&value, &constraint.ty, constraint.defaults.as_ref()).ok()
    });
    let validations = content
        .blocks
        .iter()
        .filter(|b| b.type_name == "validation")
        .map(|b| {
            let (rule, _, _) = b
                .body
                .partial_content(&BodySchema::new(VALIDATION_ARGUMENTS, &[]), &d.source);
            let range_of = |name: &str| {
                rule.attribute(name)
                    .and_then(|a| a.expr.as_ref())
                    .map(AnyExpr::range)
            };
            ValidationRule {
                range: b.def_range,
                condition: range_of("condition"),
                error_message: range_of("error_message"),
            }
        })
        .collect();
    VariableDecl {
        name: name.to_owned(),
        file,
        range: def_range,
        constraint,
        default,
        nullable,
        sensitive,
        ephemeral,
        deprecated,
        validations,
    }
}

/// The top-level block of `file` whose header is `range`.
pub(crate) fn block_at(
    db: &dyn salsa::Database,
    file: SourceFile,
    range: TextRange,
) -> Option<AnyBlock> {
    file_blocks(db, file)
        .into_iter()
        .find(|b| b.def_range == range)
}

/// The argument `name` of a block's body, if it is set.
pub(crate) fn argument(
    db: &dyn salsa::Database,
    file: SourceFile,
    block: &AnyBlock,
    name: &str,
) -> Option<AnyAttribute> {
    let source = SourceText::new(crate::input::contents(db, file), file.path(db));
    let attributes = [AttributeSchema::optional(name)];
    let (content, _, _) = block
        .body
        .partial_content(&BodySchema::new(&attributes, &[]), &source);
    content.attribute(name).cloned()
}
