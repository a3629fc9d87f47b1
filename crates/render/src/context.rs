//! The context HCL names for a diagnostic: the header of the top-level
//! block around it in native syntax (`resource "aws_instance" "web"`), or
//! the path of the objects and arrays around it in JSON syntax
//! (`resource.aws_instance.web`). This follows `hcled.ContextString`.

use tofu_syntax::{
    SourceKind, SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize,
    ast::{self, AstNode},
    json::decode_string,
    quote::go_quote,
};

use tofu_ide::source::CheckedFile;

/// The context of the byte at `offset`, if it is inside one.
pub(crate) fn context_string(source: &CheckedFile, offset: TextSize) -> Option<String> {
    let root = source.syntax_tree();
    let context = match source.syntax {
        SourceKind::Native => native_context(&root, offset),
        SourceKind::Json => json_context(&root, offset),
    };
    context.filter(|context| !context.is_empty())
}

fn native_context(root: &SyntaxNode, offset: TextSize) -> Option<String> {
    let body = root
        .children()
        .find(|node| node.kind() == SyntaxKind::BODY)
        .unwrap_or_else(|| root.clone());
    let block = body
        .children()
        .filter_map(ast::Block::cast)
        .find(|block| contains(block_range(block), offset))?;
    let mut header = block.block_type()?.text().to_owned();
    for label in block.labels() {
        header.push(' ');
        header.push_str(&go_quote(&label.value()));
    }
    Some(header)
}

/// The range HCL gives a block: from its type to its closing brace, or
/// just its type when the header is broken and there is no body.
fn block_range(block: &ast::Block) -> TextRange {
    match (block.block_type(), block.open_brace()) {
        (Some(block_type), None) => block_type.text_range(),
        _ => significant_range(block.syntax()),
    }
}

fn json_context(root: &SyntaxNode, offset: TextSize) -> Option<String> {
    let mut steps = String::new();
    let mut node = root.children().find(|node| is_json_value(node.kind()))?;
    while let Some((step, inner)) = json_step(&node, offset) {
        steps.push_str(&step);
        node = inner;
    }
    Some(steps.strip_prefix('.').unwrap_or(&steps).to_owned())
}

/// The object member or array element of `node` that holds `offset`, if
/// it is an object or array itself.
fn json_step(node: &SyntaxNode, offset: TextSize) -> Option<(String, SyntaxNode)> {
    let holds = |value: &SyntaxNode| {
        is_json_container(value.kind()) && contains(significant_range(value), offset)
    };
    match node.kind() {
        SyntaxKind::JSON_OBJECT => node
            .children()
            .filter(|child| child.kind() == SyntaxKind::JSON_MEMBER)
            .find_map(|member| {
                let value = member_value(&member).filter(holds)?;
                Some((format!(".{}", member_name(&member)), value))
            }),
        SyntaxKind::JSON_ARRAY => node
            .children()
            .filter(|child| is_json_value(child.kind()))
            .enumerate()
            .find(|(_, element)| holds(element))
            .map(|(index, element)| (format!("[{index}]"), element)),
        _ => None,
    }
}

/// The name of a member: its key string, decoded.
fn member_name(member: &SyntaxNode) -> String {
    let key = member
        .descendants_with_tokens()
        .filter_map(|element| element.into_token())
        .take_while(|token| token.kind() != SyntaxKind::JSON_COLON)
        .find(|token| token.kind() == SyntaxKind::JSON_STRING);
    match key {
        Some(key) => decode_string(key.text())
            .map(|name| name.into_owned())
            .unwrap_or_else(|_| key.text().trim_matches('"').to_owned()),
        None => String::new(),
    }
}

/// The value of a member: the first node after its colon.
fn member_value(member: &SyntaxNode) -> Option<SyntaxNode> {
    member
        .children_with_tokens()
        .skip_while(|element| element.kind() != SyntaxKind::JSON_COLON)
        .find_map(|element| element.into_node())
}

fn is_json_value(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SyntaxKind::JSON_OBJECT | SyntaxKind::JSON_ARRAY | SyntaxKind::JSON_SCALAR
    )
}

fn is_json_container(kind: SyntaxKind) -> bool {
    matches!(kind, SyntaxKind::JSON_OBJECT | SyntaxKind::JSON_ARRAY)
}

/// A node's range without the trivia and newlines at its edges, which
/// HCL's ranges never include.
fn significant_range(node: &SyntaxNode) -> TextRange {
    let range = node.text_range();
    let significant =
        |token: &SyntaxToken| !token.kind().is_trivia() && token.kind() != SyntaxKind::NEWLINE;
    let inside = |token: &SyntaxToken| range.contains_range(token.text_range());
    let first = std::iter::successors(node.first_token(), |token| token.next_token())
        .take_while(inside)
        .find(significant);
    let last = std::iter::successors(node.last_token(), |token| token.prev_token())
        .take_while(inside)
        .find(significant);
    match (first, last) {
        (Some(first), Some(last)) => {
            TextRange::new(first.text_range().start(), last.text_range().end())
        }
        _ => TextRange::empty(range.start()),
    }
}

fn contains(range: TextRange, offset: TextSize) -> bool {
    range.start() <= offset && offset < range.end()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny tree builder: `Node(kind, children)` or `Token(kind, text)`.
    fn source(syntax: SourceKind, text: &str) -> CheckedFile {
        let parse = tofu_syntax::parse(text, syntax);
        assert!(parse.errors().is_empty(), "{:?}", parse.errors());
        CheckedFile::new(
            "main.tf".into(),
            syntax,
            text.to_owned(),
            parse.green().clone(),
        )
    }

    fn native_file() -> CheckedFile {
        source(
            SourceKind::Native,
            "resource \"a\" \"b\\\"c\" {\n  x = 1\n}\n\nlocals {\n}\n",
        )
    }

    #[test]
    fn native_block_headers() {
        let file = native_file();
        let at = |offset: u32| context_string(&file, offset.into());
        assert_eq!(
            file.text,
            "resource \"a\" \"b\\\"c\" {\n  x = 1\n}\n\nlocals {\n}\n"
        );
        assert_eq!(at(0).as_deref(), Some(r#"resource "a" "b\"c""#));
        assert_eq!(at(27).as_deref(), Some(r#"resource "a" "b\"c""#));
        // The closing brace is the last byte of the block; the newline
        // after it is not part of it.
        assert_eq!(at(30).as_deref(), Some(r#"resource "a" "b\"c""#));
        assert_eq!(at(31), None);
        assert_eq!(at(32), None);
        assert_eq!(at(33).as_deref(), Some("locals"));
        assert_eq!(at(100), None);
    }

    fn json_file() -> CheckedFile {
        source(
            SourceKind::Json,
            "{\"resource\": {\"a\": {\"b\\u0063\": [1, {\"x\": 2}]}}, \"k\": 3}\n",
        )
    }

    #[test]
    fn json_paths() {
        let file = json_file();
        let at = |needle: &str| {
            let offset = file.text.find(needle).unwrap() as u32;
            context_string(&file, offset.into())
        };
        assert_eq!(
            file.text,
            "{\"resource\": {\"a\": {\"b\\u0063\": [1, {\"x\": 2}]}}, \"k\": 3}\n"
        );
        assert_eq!(at("\"resource\""), None);
        assert_eq!(at("\"a\""), Some("resource".into()));
        assert_eq!(at("1,"), Some("resource.a.bc".into()));
        assert_eq!(at("2}"), Some("resource.a.bc[1]".into()));
        assert_eq!(at("3}"), None);
    }

    #[test]
    fn quoting_follows_go() {
        assert_eq!(go_quote("web"), "\"web\"");
        assert_eq!(go_quote("a\"b\\c"), "\"a\\\"b\\\\c\"");
        assert_eq!(go_quote("é\n\u{1}\u{200d}"), "\"é\\n\\x01\\u200d\"");
    }
}
