//! HCL JSON syntax.

use rowan::GreenNodeBuilder;

use crate::{Parse, SyntaxKind};

pub fn parse(text: &str) -> Parse {
    let mut builder = GreenNodeBuilder::new();
    builder.start_node(SyntaxKind::JSON_FILE.into());
    if !text.is_empty() {
        builder.token(SyntaxKind::JSON_INVALID.into(), text);
    }
    builder.finish_node();
    Parse::new(builder.finish(), Vec::new())
}
