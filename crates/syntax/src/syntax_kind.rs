//! The kinds of tokens and nodes in the lossless tree, for both syntaxes.
//!
//! Native (HCL) and JSON files share one kind space so that one rowan
//! language covers every configuration file.

/// Every token and node kind of the tree.
///
/// Tokens come first, then nodes; `__LAST` marks the end for the
/// `u16` round trip rowan needs.
#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u16)]
pub enum SyntaxKind {
    // ---- trivia, shared by both syntaxes ----
    /// Spaces and tabs.
    WHITESPACE = 0,
    /// `\n` or `\r\n`. Significant in native bodies and expressions,
    /// trivia inside brackets, parentheses and template sequences.
    NEWLINE,
    /// `# ...` or `// ...` up to (not including) the end of the line.
    LINE_COMMENT,
    /// `/* ... */`, possibly spanning lines; equivalent to whitespace.
    BLOCK_COMMENT,
    /// A leading UTF-8 byte order mark.
    BOM,

    // ---- native tokens ----
    IDENT,
    NUMBER,
    L_BRACE,
    R_BRACE,
    L_BRACK,
    R_BRACK,
    L_PAREN,
    R_PAREN,
    STAR,
    SLASH,
    PLUS,
    MINUS,
    PERCENT,
    /// `=`
    EQ,
    /// `==`
    EQ2,
    /// `!=`
    NEQ,
    LT,
    LTE,
    GT,
    GTE,
    /// `&&`
    AMP2,
    /// `||`
    PIPE2,
    BANG,
    DOT,
    COMMA,
    /// `::` in `provider::ns::fn` calls.
    COLON2,
    /// `...`
    ELLIPSIS,
    /// `=>`
    FAT_ARROW,
    QUESTION,
    COLON,
    /// `"` opening a quoted template.
    OPEN_QUOTE,
    /// `"` closing a quoted template.
    CLOSE_QUOTE,
    /// `<<ID` or `<<-ID` with the newline that must follow it.
    HEREDOC_OPEN,
    /// The line holding the closing marker, with its surrounding spaces,
    /// not including the newline after it.
    HEREDOC_CLOSE,
    /// `${` or `${~`
    TEMPLATE_INTERP,
    /// `%{` or `%{~`
    TEMPLATE_CONTROL,
    /// `}` or `~}` closing a template sequence.
    TEMPLATE_SEQ_END,
    /// Literal text of a quoted template; escapes are still encoded.
    QUOTED_LIT,
    /// Literal text of a heredoc or standalone template, up to and
    /// including a newline; no backslash escapes, only `$${` and `%%{`.
    STRING_LIT,
    /// A newline inside a quoted string (always an error in HCL).
    QUOTED_NEWLINE,
    /// Characters HCL recognises only to report them:
    /// `&`, `|`, `~`, `^`, `'`, `` ` ``, `;` and anything else unexpected.
    INVALID,
    /// A token the parser did not expect here; wrapped so that the tree
    /// stays lossless.
    ERROR_TOKEN,

    // ---- JSON tokens ----
    JSON_L_BRACE,
    JSON_R_BRACE,
    JSON_L_BRACK,
    JSON_R_BRACK,
    JSON_COLON,
    JSON_COMMA,
    /// A complete JSON string literal, quotes included.
    JSON_STRING,
    JSON_NUMBER,
    JSON_TRUE,
    JSON_FALSE,
    JSON_NULL,
    /// Anything the JSON scanner could not make sense of.
    JSON_INVALID,

    // ---- native nodes ----
    /// The root of a native file.
    SOURCE_FILE,
    /// The root of a standalone expression (`parse_expression`): the
    /// expression, then an `ERROR` node for anything after it.
    EXPRESSION_FILE,
    /// The root of a standalone template (`parse_template`): its parts,
    /// as in a `TEMPLATE` without the quotes.
    TEMPLATE_FILE,
    /// A sequence of attributes and blocks.
    BODY,
    /// `name = expr`
    ATTRIBUTE,
    /// `type label... { body }`
    BLOCK,
    /// A block label: an `IDENT` or a `TEMPLATE` holding one literal.
    BLOCK_LABEL,
    /// `{ BODY }` of a block.
    BLOCK_BODY,
    /// A bad item in a body, kept so that the tree stays lossless.
    ERROR,

    // expressions
    /// `true`, `false`, `null` or a number.
    LITERAL,
    /// A bare identifier used as an expression (a traversal root).
    VARIABLE,
    /// A quoted template `"..."`.
    TEMPLATE,
    /// A heredoc template `<<EOT ... EOT`.
    HEREDOC,
    /// `${ expr }` inside a template.
    TEMPLATE_INTERPOLATION,
    /// `%{ if }...%{ else }...%{ endif }`
    TEMPLATE_IF,
    /// `%{ for k, v in coll }...%{ endfor }`
    TEMPLATE_FOR,
    /// One `%{ ... }` directive (`if`, `else`, `endif`, `for`, `endfor`).
    TEMPLATE_DIRECTIVE,
    /// The literal parts between sequences of a template branch.
    TEMPLATE_BRANCH,
    /// `[a, b]`
    TUPLE,
    /// `{k = v, ...}`
    OBJECT,
    /// `k = v` or `k: v` in an object constructor.
    OBJECT_ITEM,
    /// The key of an object item.
    OBJECT_KEY,
    /// `f(args)` or `provider::ns::f(args)`
    FUNCTION_CALL,
    /// The function name of a call, with its `::` namespace parts.
    FUNCTION_NAME,
    /// `(a, b...)` of a call.
    ARG_LIST,
    /// `[for ...: v if c]`
    FOR_TUPLE,
    /// `{for ...: k => v... if c}`
    FOR_OBJECT,
    /// `for k, v in coll :`
    FOR_INTRO,
    /// `if cond` of a for expression.
    FOR_COND,
    /// `expr.name`
    ATTR_EXPR,
    /// `expr[key]`
    INDEX_EXPR,
    /// `expr.0`: legacy index syntax.
    LEGACY_INDEX_EXPR,
    /// `expr.*.a.b` or `expr[*].a[0]`: the source, the marker and the
    /// steps applied to each element.
    SPLAT_EXPR,
    /// `.*`
    ATTR_SPLAT,
    /// `[*]`
    FULL_SPLAT,
    /// `.name` applied to each element of a splat.
    TRAVERSE_ATTR,
    /// `[key]` applied to each element of a splat.
    TRAVERSE_INDEX,
    /// `.0` applied to each element of a splat.
    TRAVERSE_LEGACY_INDEX,
    /// `( expr )`
    PAREN_EXPR,
    /// `-x`, `!x`
    UNARY_EXPR,
    /// `a op b`
    BINARY_EXPR,
    /// `c ? a : b`
    CONDITIONAL_EXPR,

    // ---- JSON nodes ----
    /// The root of a JSON file.
    JSON_FILE,
    JSON_OBJECT,
    /// `"name": value` of an object.
    JSON_MEMBER,
    JSON_ARRAY,
    /// A scalar value (string, number, bool or null).
    JSON_SCALAR,
    /// Input that could not be parsed as JSON, kept for losslessness.
    JSON_ERROR,

    #[doc(hidden)]
    __LAST,
}

impl SyntaxKind {
    /// Tokens that carry no meaning in either syntax (newlines excepted,
    /// which are significant in native bodies).
    pub fn is_trivia(self) -> bool {
        matches!(
            self,
            SyntaxKind::WHITESPACE
                | SyntaxKind::LINE_COMMENT
                | SyntaxKind::BLOCK_COMMENT
                | SyntaxKind::BOM
        )
    }

    pub fn is_token(self) -> bool {
        (self as u16) < (SyntaxKind::SOURCE_FILE as u16)
    }

    #[allow(unsafe_code)]
    fn from_raw(raw: u16) -> SyntaxKind {
        assert!(raw < SyntaxKind::__LAST as u16, "invalid SyntaxKind {raw}");
        // SAFETY: `SyntaxKind` is `repr(u16)` with contiguous discriminants
        // from 0 to `__LAST`, and `raw` is in range.
        unsafe { std::mem::transmute::<u16, SyntaxKind>(raw) }
    }
}

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> Self {
        rowan::SyntaxKind(kind as u16)
    }
}

/// The rowan language of every configuration file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TofuLanguage {}

impl rowan::Language for TofuLanguage {
    type Kind = SyntaxKind;

    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        SyntaxKind::from_raw(raw.0)
    }

    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.into()
    }
}

pub type SyntaxNode = rowan::SyntaxNode<TofuLanguage>;
pub type SyntaxToken = rowan::SyntaxToken<TofuLanguage>;
pub type SyntaxElement = rowan::SyntaxElement<TofuLanguage>;
