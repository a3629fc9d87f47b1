//! Expression views.

use crate::{
    SyntaxKind::{self, *},
    SyntaxNode, SyntaxToken,
};

use super::{AstNode, Heredoc, Template, ast_node, child, children, token};

/// Any expression.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Expr {
    Literal(Literal),
    Variable(Variable),
    Template(Template),
    Heredoc(Heredoc),
    Tuple(Tuple),
    Object(Object),
    FunctionCall(FunctionCall),
    For(ForExpr),
    Attr(AttrExpr),
    Index(IndexExpr),
    LegacyIndex(LegacyIndexExpr),
    Splat(SplatExpr),
    Paren(ParenExpr),
    Unary(UnaryExpr),
    Binary(BinaryExpr),
    Conditional(ConditionalExpr),
}

impl AstNode for Expr {
    fn can_cast(kind: SyntaxKind) -> bool {
        matches!(
            kind,
            LITERAL
                | VARIABLE
                | TEMPLATE
                | HEREDOC
                | TUPLE
                | OBJECT
                | FUNCTION_CALL
                | FOR_TUPLE
                | FOR_OBJECT
                | ATTR_EXPR
                | INDEX_EXPR
                | LEGACY_INDEX_EXPR
                | SPLAT_EXPR
                | PAREN_EXPR
                | UNARY_EXPR
                | BINARY_EXPR
                | CONDITIONAL_EXPR
        )
    }

    fn cast(node: SyntaxNode) -> Option<Self> {
        Some(match node.kind() {
            LITERAL => Expr::Literal(Literal(node)),
            VARIABLE => Expr::Variable(Variable(node)),
            TEMPLATE => Expr::Template(Template(node)),
            HEREDOC => Expr::Heredoc(Heredoc(node)),
            TUPLE => Expr::Tuple(Tuple(node)),
            OBJECT => Expr::Object(Object(node)),
            FUNCTION_CALL => Expr::FunctionCall(FunctionCall(node)),
            FOR_TUPLE | FOR_OBJECT => Expr::For(ForExpr(node)),
            ATTR_EXPR => Expr::Attr(AttrExpr(node)),
            INDEX_EXPR => Expr::Index(IndexExpr(node)),
            LEGACY_INDEX_EXPR => Expr::LegacyIndex(LegacyIndexExpr(node)),
            SPLAT_EXPR => Expr::Splat(SplatExpr(node)),
            PAREN_EXPR => Expr::Paren(ParenExpr(node)),
            UNARY_EXPR => Expr::Unary(UnaryExpr(node)),
            BINARY_EXPR => Expr::Binary(BinaryExpr(node)),
            CONDITIONAL_EXPR => Expr::Conditional(ConditionalExpr(node)),
            _ => return None,
        })
    }

    fn syntax(&self) -> &SyntaxNode {
        match self {
            Expr::Literal(e) => e.syntax(),
            Expr::Variable(e) => e.syntax(),
            Expr::Template(e) => e.syntax(),
            Expr::Heredoc(e) => e.syntax(),
            Expr::Tuple(e) => e.syntax(),
            Expr::Object(e) => e.syntax(),
            Expr::FunctionCall(e) => e.syntax(),
            Expr::For(e) => e.syntax(),
            Expr::Attr(e) => e.syntax(),
            Expr::Index(e) => e.syntax(),
            Expr::LegacyIndex(e) => e.syntax(),
            Expr::Splat(e) => e.syntax(),
            Expr::Paren(e) => e.syntax(),
            Expr::Unary(e) => e.syntax(),
            Expr::Binary(e) => e.syntax(),
            Expr::Conditional(e) => e.syntax(),
        }
    }
}

/// The expression children of `node` that come before the first token of
/// kind `marker` (all of them if there is none) and those after it.
fn exprs_around(node: &SyntaxNode, marker: SyntaxKind) -> (Vec<Expr>, Vec<Expr>) {
    let mut before = Vec::new();
    let mut after = Vec::new();
    let mut seen = false;
    for element in node.children_with_tokens() {
        match element {
            rowan::NodeOrToken::Token(t) if t.kind() == marker => seen = true,
            rowan::NodeOrToken::Node(n) => {
                if let Some(expr) = Expr::cast(n) {
                    if seen {
                        after.push(expr)
                    } else {
                        before.push(expr)
                    }
                }
            }
            _ => {}
        }
    }
    (before, after)
}

ast_node!(
    /// A number, `true`, `false` or `null`.
    Literal,
    LITERAL
);
ast_node!(
    /// A bare name: the root of a reference such as `var.x`.
    Variable,
    VARIABLE
);
ast_node!(
    /// `[a, b]`
    Tuple,
    TUPLE
);
ast_node!(
    /// `{k = v}`
    Object,
    OBJECT
);
ast_node!(
    /// `k = v` inside an object constructor.
    ObjectItem,
    OBJECT_ITEM
);
ast_node!(
    /// The key of an object item.
    ObjectKey,
    OBJECT_KEY
);
ast_node!(
    /// `f(args)` or `provider::ns::f(args)`.
    FunctionCall,
    FUNCTION_CALL
);
ast_node!(
    /// `( expr )`
    ParenExpr,
    PAREN_EXPR
);
ast_node!(
    /// `-x` or `!x`
    UnaryExpr,
    UNARY_EXPR
);
ast_node!(
    /// `a op b`
    BinaryExpr,
    BINARY_EXPR
);
ast_node!(
    /// `c ? a : b`
    ConditionalExpr,
    CONDITIONAL_EXPR
);
ast_node!(
    /// `recv.name`; inside a splat, without a receiver.
    AttrExpr,
    ATTR_EXPR
);
ast_node!(
    /// `recv[key]`; inside a splat, without a receiver.
    IndexExpr,
    INDEX_EXPR
);
ast_node!(
    /// `recv.0`; inside a splat, without a receiver.
    LegacyIndexExpr,
    LEGACY_INDEX_EXPR
);
ast_node!(
    /// `src.*.a` or `src[*].a[0]`.
    SplatExpr,
    SPLAT_EXPR
);
ast_node!(
    /// `for ... in coll :` of a for expression.
    ForIntro,
    FOR_INTRO
);

/// A for expression, building a tuple or an object.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ForExpr(SyntaxNode);

impl AstNode for ForExpr {
    fn can_cast(kind: SyntaxKind) -> bool {
        matches!(kind, FOR_TUPLE | FOR_OBJECT)
    }
    fn cast(node: SyntaxNode) -> Option<Self> {
        Self::can_cast(node.kind()).then(|| ForExpr(node))
    }
    fn syntax(&self) -> &SyntaxNode {
        &self.0
    }
}

/// What a literal is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LiteralKind {
    /// A number, as written.
    Number(String),
    Bool(bool),
    Null,
}

impl Literal {
    pub fn kind(&self) -> Option<LiteralKind> {
        let token = self.0.first_token()?;
        Some(match (token.kind(), token.text()) {
            (NUMBER, text) => LiteralKind::Number(text.to_string()),
            (IDENT, "true") => LiteralKind::Bool(true),
            (IDENT, "false") => LiteralKind::Bool(false),
            (IDENT, "null") => LiteralKind::Null,
            _ => return None,
        })
    }
}

impl Variable {
    pub fn name(&self) -> Option<SyntaxToken> {
        token(&self.0, IDENT)
    }
}

impl Tuple {
    pub fn elements(&self) -> impl Iterator<Item = Expr> + use<> {
        children(&self.0)
    }
}

impl Object {
    pub fn items(&self) -> impl Iterator<Item = ObjectItem> + use<> {
        children(&self.0)
    }
}

impl ObjectItem {
    pub fn key(&self) -> Option<ObjectKey> {
        child(&self.0)
    }

    pub fn value(&self) -> Option<Expr> {
        child(&self.0)
    }

    /// The `=` or `:` between key and value.
    pub fn separator(&self) -> Option<SyntaxToken> {
        token(&self.0, EQ).or_else(|| token(&self.0, COLON))
    }
}

impl ObjectKey {
    pub fn expr(&self) -> Option<Expr> {
        child(&self.0)
    }

    /// A naked identifier key (or `true`/`false`/`null`) is a literal name,
    /// as HCL's `ExprAsKeyword` reads it; parentheses force evaluation.
    pub fn as_keyword(&self) -> Option<String> {
        match self.expr()? {
            Expr::Variable(v) => Some(v.name()?.text().to_string()),
            Expr::Literal(l) => match l.kind()? {
                LiteralKind::Bool(b) => Some(b.to_string()),
                LiteralKind::Null => Some("null".to_string()),
                LiteralKind::Number(_) => None,
            },
            _ => None,
        }
    }
}

impl FunctionCall {
    /// The full name, with its namespaces: `provider::aws::arn_parse`.
    pub fn name(&self) -> Option<String> {
        let name = self.0.children().find(|n| n.kind() == FUNCTION_NAME)?;
        let parts: Vec<String> = name
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == IDENT)
            .map(|t| t.text().to_string())
            .collect();
        (!parts.is_empty()).then(|| parts.join("::"))
    }

    pub fn name_node(&self) -> Option<SyntaxNode> {
        self.0.children().find(|n| n.kind() == FUNCTION_NAME)
    }

    pub fn args(&self) -> impl Iterator<Item = Expr> + use<> {
        let list = self.0.children().find(|n| n.kind() == ARG_LIST);
        list.into_iter()
            .flat_map(|list| children::<Expr>(&list).collect::<Vec<_>>())
    }

    /// Whether the last argument is expanded with `...`.
    pub fn expands_final_arg(&self) -> bool {
        self.0
            .children()
            .find(|n| n.kind() == ARG_LIST)
            .is_some_and(|list| token(&list, ELLIPSIS).is_some())
    }
}

impl ParenExpr {
    pub fn inner(&self) -> Option<Expr> {
        child(&self.0)
    }
}

/// A unary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Negate,
    Not,
}

impl UnaryExpr {
    pub fn op(&self) -> Option<UnaryOp> {
        match self.0.first_token()?.kind() {
            MINUS => Some(UnaryOp::Negate),
            BANG => Some(UnaryOp::Not),
            _ => None,
        }
    }

    pub fn operand(&self) -> Option<Expr> {
        child(&self.0)
    }
}

/// A binary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Or,
    And,
    Equal,
    NotEqual,
    Greater,
    GreaterOrEqual,
    Less,
    LessOrEqual,
    Add,
    Subtract,
    Multiply,
    Divide,
    Modulo,
}

impl BinaryOp {
    fn from_kind(kind: SyntaxKind) -> Option<BinaryOp> {
        Some(match kind {
            PIPE2 => BinaryOp::Or,
            AMP2 => BinaryOp::And,
            EQ2 => BinaryOp::Equal,
            NEQ => BinaryOp::NotEqual,
            GT => BinaryOp::Greater,
            GTE => BinaryOp::GreaterOrEqual,
            LT => BinaryOp::Less,
            LTE => BinaryOp::LessOrEqual,
            PLUS => BinaryOp::Add,
            MINUS => BinaryOp::Subtract,
            STAR => BinaryOp::Multiply,
            SLASH => BinaryOp::Divide,
            PERCENT => BinaryOp::Modulo,
            _ => return None,
        })
    }
}

impl BinaryExpr {
    pub fn lhs(&self) -> Option<Expr> {
        child(&self.0)
    }

    pub fn op_token(&self) -> Option<SyntaxToken> {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| BinaryOp::from_kind(t.kind()).is_some())
    }

    pub fn op(&self) -> Option<BinaryOp> {
        BinaryOp::from_kind(self.op_token()?.kind())
    }

    pub fn rhs(&self) -> Option<Expr> {
        children::<Expr>(&self.0).nth(1)
    }
}

impl ConditionalExpr {
    pub fn condition(&self) -> Option<Expr> {
        exprs_around(&self.0, QUESTION).0.into_iter().next()
    }

    pub fn true_result(&self) -> Option<Expr> {
        exprs_around(&self.0, QUESTION).1.into_iter().next()
    }

    pub fn false_result(&self) -> Option<Expr> {
        exprs_around(&self.0, COLON).1.into_iter().next()
    }
}

impl AttrExpr {
    /// The object; `None` inside a splat, where the step applies to each
    /// element.
    pub fn receiver(&self) -> Option<Expr> {
        child(&self.0)
    }

    pub fn name(&self) -> Option<SyntaxToken> {
        token(&self.0, IDENT)
    }
}

impl IndexExpr {
    pub fn receiver(&self) -> Option<Expr> {
        exprs_around(&self.0, L_BRACK).0.into_iter().next()
    }

    pub fn index(&self) -> Option<Expr> {
        exprs_around(&self.0, L_BRACK).1.into_iter().next()
    }
}

impl LegacyIndexExpr {
    pub fn receiver(&self) -> Option<Expr> {
        child(&self.0)
    }

    /// The number after the dot.
    pub fn index(&self) -> Option<SyntaxToken> {
        token(&self.0, NUMBER)
    }
}

impl SplatExpr {
    /// The collection; `None` for a splat nested in another one's steps,
    /// which applies to each element.
    pub fn source(&self) -> Option<Expr> {
        self.0
            .children()
            .take_while(|n| !matches!(n.kind(), ATTR_SPLAT | FULL_SPLAT))
            .find_map(Expr::cast)
    }

    /// `[*]` rather than the legacy `.*`.
    pub fn is_full(&self) -> bool {
        self.0.children().any(|n| n.kind() == FULL_SPLAT)
    }

    /// The traversal applied to each element; its innermost steps have no
    /// receiver. `None` when the splat has no steps.
    pub fn each(&self) -> Option<Expr> {
        self.0
            .children()
            .skip_while(|n| !matches!(n.kind(), ATTR_SPLAT | FULL_SPLAT))
            .skip(1)
            .find_map(Expr::cast)
    }
}

impl ForExpr {
    pub fn is_object(&self) -> bool {
        self.0.kind() == FOR_OBJECT
    }

    fn intro(&self) -> Option<ForIntro> {
        child(&self.0)
    }

    fn names(&self) -> Vec<SyntaxToken> {
        let Some(intro) = self.intro() else {
            return Vec::new();
        };
        intro
            .syntax()
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == IDENT)
            .skip(1) // `for`
            .take_while(|t| t.text() != "in")
            .collect()
    }

    /// The key variable, when two names are declared.
    pub fn key_var(&self) -> Option<SyntaxToken> {
        let names = self.names();
        (names.len() == 2).then(|| names[0].clone())
    }

    pub fn value_var(&self) -> Option<SyntaxToken> {
        self.names().last().cloned()
    }

    pub fn collection(&self) -> Option<Expr> {
        child(self.intro()?.syntax())
    }

    /// The key expression of an object `for` (before `=>`).
    pub fn key_expr(&self) -> Option<Expr> {
        let (before, after) = exprs_around(&self.0, FAT_ARROW);
        (!after.is_empty())
            .then(|| before.into_iter().next())
            .flatten()
    }

    pub fn value_expr(&self) -> Option<Expr> {
        let (before, after) = exprs_around(&self.0, FAT_ARROW);
        after
            .into_iter()
            .next()
            .or_else(|| before.into_iter().next())
    }

    pub fn condition(&self) -> Option<Expr> {
        let cond = self.0.children().find(|n| n.kind() == FOR_COND)?;
        child(&cond)
    }

    /// Whether `...` groups the values by key.
    pub fn is_grouping(&self) -> bool {
        token(&self.0, ELLIPSIS).is_some()
    }
}
