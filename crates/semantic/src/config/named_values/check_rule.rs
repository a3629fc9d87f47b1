//! Check rules (`checks.go`): `validation`, `precondition`,
//! `postcondition` and `assert` blocks, and the references of their
//! conditions.

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;
use tofu_syntax::body::{AnyBlock, AnyExpr, AttributeSchema, BodySchema};

use crate::addrs::traversal::{Step, variables};
use crate::config::Decoder;

/// `checkRuleBlockSchema`.
const CHECK_RULE_SCHEMA: BodySchema<'static> = BodySchema::new(
    &[
        AttributeSchema::required("condition"),
        AttributeSchema::required("error_message"),
    ],
    &[],
);

/// What `decode_check_rule` read from a check-shaped block.
pub(crate) struct CheckRule {
    /// The `condition` expression, when present.
    pub condition: Option<AnyExpr>,
    /// The `error_message` expression, when present.
    pub error_message: Option<AnyExpr>,
    /// Whether decoding reported no errors (OpenTofu keeps a check block's
    /// `assert` only then).
    pub ok: bool,
}

/// `decodeCheckRuleBlock`, for any check-shaped block (`validation`,
/// `precondition`, `postcondition`, `assert`): reports the block's problems
/// and returns what it holds.
///
/// - In override files the block is not read: "Can't override <type>
///   blocks" at its header, and an empty rule.
/// - `condition` and `error_message` are required (HCL's content errors).
/// - A `condition` that refers to nothing: "Invalid <type> expression".
///
/// Callers add their own checks on the returned expressions (a variable's
/// validation must refer to the variable; a resource's rules must not
/// refer to the resource itself).
pub(crate) fn decode_check_rule(d: &mut Decoder<'_>, block: &AnyBlock) -> CheckRule {
    let errors_before = d.error_count();
    if d.is_override {
        d.error_named(
            Code::CannotOverrideBlocks,
            format!("Can't override {} blocks", block.type_name),
            format!(
                "Override files cannot override \"{}\" blocks.",
                block.type_name
            ),
            block.def_range,
        );
        return CheckRule {
            condition: None,
            error_message: None,
            ok: false,
        };
    }
    let content = d.content(&block.body, &CHECK_RULE_SCHEMA);
    let condition = content.attribute("condition").and_then(|a| a.expr.clone());
    if let Some(condition) = &condition
        && expr_variables(condition).is_empty()
    {
        d.error_named(
            Code::InvalidCheckRuleExpression,
            format!("Invalid {} expression", block.type_name),
            "The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.",
            condition.range(),
        );
    }
    let error_message = content
        .attribute("error_message")
        .and_then(|a| a.expr.clone());
    CheckRule {
        condition,
        error_message,
        ok: d.error_count() == errors_before,
    }
}

/// A traversal an expression refers to, as HCL's `Variables()` lists
/// them: its root name and the `.name` steps right after it (up to the
/// first step of another kind), enough for `addrs.ParseRef`'s subject:
/// `var.x` is `("var", ["x"])`, `data.t.n[0].id` is `("data", ["t", "n"])`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::config) struct VariableRef {
    pub root: String,
    pub attrs: Vec<String>,
    /// The root name's range.
    pub range: TextRange,
}

impl VariableRef {
    /// Whether this is a reference to the input variable `name`.
    pub fn is_input_variable(&self, name: &str) -> bool {
        self.root == "var" && self.attrs.first().is_some_and(|a| a == name)
    }
}

/// HCL's `Variables()` (shared with the resource checks), each
/// traversal cut to its root and leading attribute names.
pub(in crate::config) fn expr_variables(expr: &AnyExpr) -> Vec<VariableRef> {
    variables(expr)
        .into_iter()
        .map(|traversal| VariableRef {
            root: traversal.root().to_owned(),
            attrs: traversal.steps[1..]
                .iter()
                .map_while(|(step, _)| match step {
                    Step::Attr(name) => Some(name.clone()),
                    _ => None,
                })
                .collect(),
            range: traversal.steps[0].1,
        })
        .collect()
}
