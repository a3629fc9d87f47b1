//! The native-syntax parser.
//!
//! It follows the control flow of HCL's recursive-descent parser decision
//! by decision, so that it reports the same errors at the same places and
//! recovers the same way (including HCL's "recovery mode", which silences
//! follow-on errors once the parser has had to skip input). Unlike HCL it
//! keeps every token: what HCL skips lands in `ERROR` nodes.

use std::collections::HashMap;

use std::cell::Cell;

use rowan::{TextRange, TextSize};

use tofu_diagnostics::Code;

use crate::{
    SyntaxError,
    SyntaxKind::{self, *},
    green::{Build, Checkpoint, TreeBuilder},
    quote::go_quote,
};

use super::{Token, columns::TokenColumns, escapes, template};

/// The end of input, never put in the tree.
pub(super) const EOF: SyntaxKind = SyntaxKind::__LAST;

/// Deeper expression nesting than this is reported instead of recursed
/// into, so that hostile input cannot overflow the stack.
pub(crate) const MAX_DEPTH: u32 = 100;

/// A significant token as the parser sees it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Tok {
    pub kind: SyntaxKind,
    pub range: TextRange,
    /// Index in the raw token list; `tokens.len()` for EOF.
    index: usize,
}

/// The parser, building a green tree (`TreeBuilder`) or whatever else
/// another [`Build`] makes of the same events.
pub(crate) struct Parser<'t, B = TreeBuilder> {
    text: &'t str,
    file_name: &'t str,
    tokens: &'t [Token],
    starts: Vec<TextSize>,
    /// For each raw index, the next token that is not trivia...
    next_significant: Vec<u32>,
    /// ...and the next one that is neither trivia nor a newline, so that
    /// peeking costs the same however much trivia there is.
    next_significant_no_newline: Vec<u32>,
    /// Next raw token to put in the tree.
    pos: usize,
    builder: B,
    pub(super) errors: Vec<SyntaxError>,
    include_newlines: Vec<bool>,
    /// The top of `include_newlines`, read on every peek.
    newlines: bool,
    /// HCL's recovery flag: once set, many errors are no longer reported.
    recovery: bool,
    /// Whether the end of input has been read. From then on HCL sees only
    /// the end, even where newlines that were skipped over would count.
    exhausted: bool,
    /// Peeks left before the parser gives up. Every loop of the parser
    /// consumes a token or ends, so this is never reached on any input we
    /// know of; it bounds the work should that ever not hold.
    steps_left: Cell<u64>,
    /// Range of the last token read, as HCL's `PrevRange`.
    prev_range: TextRange,
    depth: u32,
    /// Positions for messages that name other places, made on first use.
    columns: Option<TokenColumns>,
}

impl<'t> Parser<'t> {
    pub(super) fn new(text: &'t str, file_name: &'t str, tokens: &'t [Token]) -> Self {
        Parser::with_builder(text, file_name, tokens, TreeBuilder::new())
    }
}

impl<'t, B: Build> Parser<'t, B> {
    pub(crate) fn with_builder(
        text: &'t str,
        file_name: &'t str,
        tokens: &'t [Token],
        builder: B,
    ) -> Self {
        let mut starts = Vec::with_capacity(tokens.len() + 1);
        let mut offset = TextSize::from(0);
        for token in tokens {
            starts.push(offset);
            offset += TextSize::from(token.len);
        }
        starts.push(offset);
        let mut next_significant = vec![tokens.len() as u32; tokens.len() + 1];
        let mut next_significant_no_newline = next_significant.clone();
        for (i, token) in tokens.iter().enumerate().rev() {
            let trivia = token.kind.is_trivia();
            next_significant[i] = if trivia {
                next_significant[i + 1]
            } else {
                i as u32
            };
            next_significant_no_newline[i] = if trivia || token.kind == NEWLINE {
                next_significant_no_newline[i + 1]
            } else {
                i as u32
            };
        }
        Parser {
            text,
            file_name,
            tokens,
            starts,
            next_significant,
            next_significant_no_newline,
            pos: 0,
            builder,
            errors: Vec::new(),
            include_newlines: vec![true],
            newlines: true,
            recovery: false,
            exhausted: false,
            steps_left: Cell::new(64 * tokens.len() as u64 + 4096),
            prev_range: TextRange::empty(0.into()),
            depth: 0,
            columns: None,
        }
    }

    pub(crate) fn parse_file(mut self) -> (B::Output, Vec<SyntaxError>) {
        self.builder.start_node(SOURCE_FILE);
        self.parse_body(EOF);
        self.finish_root()
    }

    /// The whole input as one expression, as HCL's `ParseExpression`:
    /// newlines count only as they do inside parentheses, and only the end
    /// of input may follow the expression.
    pub(super) fn parse_expression_file(mut self) -> (B::Output, Vec<SyntaxError>) {
        self.builder.start_node(EXPRESSION_FILE);
        self.push_newlines(false);
        self.parse_expression();
        let next = self.peek();
        if next.kind != EOF {
            if !self.recovery {
                self.error(
                    Code::ExtraCharactersAfterExpression,
                    "An expression was successfully parsed, but extra characters were found after it.",
                    next.range,
                );
            }
            // HCL ignores the rest; the tree keeps it.
            self.start_node(ERROR);
            self.bump_remaining();
            self.finish_node();
        }
        self.pop_newlines();
        self.finish_root()
    }

    /// The whole input as a template, as HCL's `ParseTemplate`: the parts
    /// of a quoted template without the quotes, ended by the end of input.
    /// The tokens must come from `lex_template`.
    pub(super) fn parse_template_file(mut self) -> (B::Output, Vec<SyntaxError>) {
        self.builder.start_node(TEMPLATE_FILE);
        self.parse_template_parts(EOF);
        self.finish_root()
    }

    /// Puts what is left in the root node and closes it.
    fn finish_root(mut self) -> (B::Output, Vec<SyntaxError>) {
        if self.steps_left.get() == 0 {
            let end = TextSize::of(self.text);
            self.errors.push(SyntaxError::error_at(
                Code::InputTooComplex,
                "The parser stopped before the end of this file because it took too many steps.",
                TextRange::empty(end),
            ));
        }
        self.bump_remaining();
        self.builder.finish_node();
        (self.builder.finish(), self.errors)
    }

    // ---- token access ----

    fn token_range(&self, index: usize) -> TextRange {
        TextRange::new(self.starts[index], self.starts[index + 1])
    }

    fn token_text(&self, tok: Tok) -> &'t str {
        &self.text[tok.range]
    }

    #[inline]
    fn peek(&self) -> Tok {
        let newlines = self.newlines;
        let next = if newlines {
            &self.next_significant
        } else {
            &self.next_significant_no_newline
        };
        let index = next[self.pos] as usize;
        let token = match self.tokens.get(index) {
            Some(token) if !self.exhausted && self.take_step() => token,
            _ => {
                let end = TextSize::of(self.text);
                return Tok {
                    kind: EOF,
                    range: TextRange::empty(end),
                    index: self.tokens.len(),
                };
            }
        };
        let mut range = self.token_range(index);
        // HCL's line comments include their newline and stand in for it,
        // so such a newline's range starts at the comment.
        if token.kind == NEWLINE && index > 0 && self.tokens[index - 1].kind == LINE_COMMENT {
            range = TextRange::new(self.starts[index - 1], range.end());
        }
        Tok {
            kind: token.kind,
            range,
            index,
        }
    }

    fn at(&self, kind: SyntaxKind) -> bool {
        self.peek().kind == kind
    }

    fn at_keyword(&self, keyword: &str) -> bool {
        let tok = self.peek();
        tok.kind == IDENT && self.token_text(tok) == keyword
    }

    /// Puts the trivia before the next significant token in the tree.
    fn flush_trivia(&mut self) {
        let next = self.peek().index;
        while self.pos < next {
            self.bump_raw();
        }
    }

    fn bump_raw(&mut self) {
        let token = self.tokens[self.pos];
        let range = self.token_range(self.pos);
        self.builder.token(token.kind, &self.text[range]);
        self.pos += 1;
    }

    /// Spends one step of the budget; false once it is spent.
    fn take_step(&self) -> bool {
        let left = self.steps_left.get();
        self.steps_left.set(left.saturating_sub(1));
        left > 0
    }

    /// HCL's `Read`: consumes the next significant token (with the trivia
    /// before it). At the end of input it consumes nothing.
    fn read(&mut self) -> Tok {
        let tok = self.peek();
        if tok.kind == EOF {
            self.exhausted = true;
        } else {
            while self.pos <= tok.index {
                self.bump_raw();
            }
        }
        self.prev_range = tok.range;
        tok
    }

    fn bump_remaining(&mut self) {
        while self.pos < self.tokens.len() {
            self.bump_raw();
        }
    }

    fn start_node(&mut self, kind: SyntaxKind) {
        self.flush_trivia();
        self.builder.start_node(kind);
    }

    fn finish_node(&mut self) {
        self.builder.finish_node();
    }

    fn checkpoint(&mut self) -> Checkpoint {
        self.flush_trivia();
        self.builder.checkpoint()
    }

    fn start_node_at(&mut self, checkpoint: Checkpoint, kind: SyntaxKind) {
        self.builder.start_node_at(checkpoint, kind);
    }

    fn push_newlines(&mut self, include: bool) {
        self.include_newlines.push(include);
        self.newlines = include;
    }

    fn pop_newlines(&mut self) {
        self.include_newlines.pop();
        self.newlines = self.include_newlines.last().copied().unwrap_or(true);
    }

    // ---- errors ----

    fn error(&mut self, summary: Code, detail: impl Into<String>, range: TextRange) {
        self.errors
            .push(SyntaxError::error_at(summary, detail, range));
    }

    /// An error with HCL's context range: the wider region tools show
    /// around the subject.
    fn error_in(
        &mut self,
        summary: Code,
        detail: impl Into<String>,
        range: TextRange,
        context: TextRange,
    ) {
        self.errors
            .push(SyntaxError::error_at(summary, detail, range).with_context(context));
    }

    /// [`Self::error_in`] for the kinds whose summary names what they are
    /// about.
    fn error_in_named(
        &mut self,
        code: Code,
        summary: String,
        detail: impl Into<String>,
        range: TextRange,
        context: TextRange,
    ) {
        self.errors.push(
            SyntaxError::error_at(code, detail, range)
                .with_context(context)
                .with_summary(summary),
        );
    }

    fn error_count(&self) -> usize {
        self.errors.len()
    }

    fn range_string(&mut self, range: TextRange) -> String {
        let (text, tokens, starts) = (self.text, self.tokens, &self.starts);
        self.columns
            .get_or_insert_with(|| TokenColumns::new(text, tokens, starts))
            .range_string(text, tokens, starts, self.file_name, range)
    }

    // ---- recovery, as HCL does it ----

    /// HCL's `recover`: skips to the `end` that closes the current nesting
    /// level and consumes it, or to the end of input. Returns the token it
    /// stopped at.
    fn recover(&mut self, end: SyntaxKind) -> Tok {
        self.recover_until(end);
        self.read()
    }

    /// Reads the next token, which should be `closer`; any other token
    /// goes in an `ERROR` node.
    fn read_closer(&mut self, closer: SyntaxKind) -> Tok {
        let tok = self.peek();
        if tok.kind == closer || tok.kind == EOF {
            return self.read();
        }
        self.start_node(ERROR);
        self.read();
        self.finish_node();
        tok
    }

    /// Like [`Parser::recover`], but leaves the closing token unconsumed.
    fn recover_until(&mut self, end: SyntaxKind) -> Tok {
        self.recovery = true;
        let start = opposite(end);
        let mut nest = 0u32;
        let mut opened = false;
        loop {
            let tok = self.peek();
            let mut kind = tok.kind;
            if end == TEMPLATE_SEQ_END && kind == TEMPLATE_CONTROL {
                kind = TEMPLATE_INTERP;
            }
            if kind == EOF || (kind == end && nest == 0) {
                if opened {
                    self.finish_node();
                }
                return tok;
            }
            if start.is_some_and(|s| s == kind) {
                nest += 1;
            } else if kind == end {
                nest -= 1;
            }
            if !opened {
                self.start_node(ERROR);
                opened = true;
            }
            self.read();
        }
    }

    /// HCL's `recoverOver`: skips past the next `start`, then recovers to
    /// its closing token.
    fn recover_over(&mut self, start: SyntaxKind) {
        self.start_node(ERROR);
        loop {
            let tok = self.read();
            if tok.kind == start || tok.kind == EOF {
                break;
            }
        }
        self.finish_node();
        if let Some(end) = opposite(start) {
            self.recover(end);
        }
    }

    /// HCL's `recoverAfterBodyItem`: skips to the end of the line, keeping
    /// track of brackets so that a newline inside them does not count, and
    /// reads that newline. What is skipped goes in an `ERROR` node.
    fn recover_after_body_item(&mut self) {
        self.skip_line(true);
        self.read();
    }

    /// Skips up to the newline that ends the current body item, leaving the
    /// newline; the tokens go in a new `ERROR` node if `wrap`, else in the
    /// open node.
    fn skip_line(&mut self, wrap: bool) {
        self.recovery = true;
        let mut open: Vec<SyntaxKind> = Vec::new();
        let mut opened = false;
        loop {
            let next = self.peek().kind;
            if next == EOF || (next == NEWLINE && open.is_empty()) {
                break;
            }
            if wrap && !opened {
                self.start_node(ERROR);
                opened = true;
            }
            let tok = self.read();
            match tok.kind {
                L_BRACE | L_BRACK | L_PAREN | OPEN_QUOTE | HEREDOC_OPEN | TEMPLATE_INTERP
                | TEMPLATE_CONTROL => open.push(tok.kind),
                R_BRACE | R_BRACK | R_PAREN | CLOSE_QUOTE | HEREDOC_CLOSE => {
                    let opener = opposite(tok.kind);
                    while open.last().is_some_and(|&k| Some(k) != opener) {
                        open.pop();
                    }
                    open.pop();
                }
                TEMPLATE_SEQ_END => {
                    while open
                        .last()
                        .is_some_and(|&k| k != TEMPLATE_INTERP && k != TEMPLATE_CONTROL)
                    {
                        open.pop();
                    }
                    open.pop();
                }
                _ => {}
            }
        }
        if opened {
            self.finish_node();
        }
    }

    // ---- bodies ----

    fn parse_body(&mut self, end: SyntaxKind) {
        let start_range = self.prev_range;
        let mut attributes = AttributeNames::default();
        self.start_node(BODY);
        loop {
            let next = self.peek();
            if next.kind == end {
                break;
            }
            match next.kind {
                NEWLINE => {
                    self.read();
                }
                IDENT => {
                    if let Some((name, name_range)) = self.parse_body_item() {
                        if let Some(existing) = attributes.get(name) {
                            let at = self.range_string(existing);
                            self.error(
                                Code::AttributeRedefined,
                                format!(
                                    "The argument {} was already set at {at}. Each argument may be set only once.",
                                    go_quote(name)
                                ),
                                name_range,
                            );
                        } else {
                            attributes.insert(name, name_range);
                        }
                    }
                }
                _ => {
                    let bad = self.read_closer(end);
                    if !self.recovery {
                        match bad.kind {
                            OPEN_QUOTE => self.error(
                                Code::InvalidArgumentName,
                                "Argument names must not be quoted.",
                                bad.range,
                            ),
                            EOF if end == R_BRACE => self.error(
                                Code::UnclosedConfigurationBlock,
                                "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                                start_range,
                            ),
                            EOF => self.error(
                                Code::UnclosedConfigurationBody,
                                "Found end of file before the end of this configuration body.",
                                start_range,
                            ),
                            _ => self.error(
                                Code::ArgumentOrBlockDefinitionRequired,
                                "An argument or block definition is required here.",
                                bad.range,
                            ),
                        }
                    }
                    self.recover_until(end);
                    break;
                }
            }
        }
        self.finish_node();
        if end != EOF {
            self.read();
        }
    }

    /// Parses an attribute or a block; returns the attribute's name if it
    /// was an attribute.
    fn parse_body_item(&mut self) -> Option<(&'t str, TextRange)> {
        let checkpoint = self.checkpoint();
        let ident = self.read();
        match self.peek().kind {
            EQ => {
                self.start_node_at(checkpoint, ATTRIBUTE);
                self.finish_attribute(ident.range, false);
                Some((self.token_text(ident), ident.range))
            }
            OPEN_QUOTE | L_BRACE | IDENT => {
                self.start_node_at(checkpoint, BLOCK);
                self.finish_block(ident.range);
                None
            }
            _ => {
                self.start_node_at(checkpoint, ERROR);
                self.skip_line(false);
                self.finish_node();
                self.read();
                self.error(
                    Code::ArgumentOrBlockDefinitionRequired,
                    "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
                    ident.range,
                );
                None
            }
        }
    }

    /// Parses `= expr` and the end of the line after it; the `ATTRIBUTE`
    /// node is open and is closed here.
    fn finish_attribute(&mut self, name: TextRange, single_line: bool) {
        self.read(); // `=`
        let before = self.error_count();
        self.parse_expression();
        if self.recovery && self.error_count() > before {
            // What is left of the broken value belongs to the attribute.
            self.skip_line(true);
            self.finish_node();
            self.read();
            return;
        }
        self.finish_node();
        if single_line {
            return;
        }
        let end = self.peek();
        if end.kind != NEWLINE && end.kind != EOF {
            if !self.recovery {
                let (summary, detail) = if end.kind == COMMA {
                    (
                        Code::UnexpectedCommaAfterArgument,
                        "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
                    )
                } else {
                    (
                        Code::MissingNewlineAfterArgument,
                        "An argument definition must end with a newline.",
                    )
                };
                self.error_in(summary, detail, end.range, between(name, end.range));
            }
            self.recover_after_body_item();
        } else {
            self.read();
        }
    }

    /// Parses block labels and the block body; the `BLOCK` node is open
    /// and is closed here.
    fn finish_block(&mut self, block_type: TextRange) {
        let open_brace = loop {
            let tok = self.peek();
            match tok.kind {
                L_BRACE => break tok,
                OPEN_QUOTE => self.parse_quoted_label(),
                IDENT => {
                    self.start_node(BLOCK_LABEL);
                    self.read();
                    self.finish_node();
                }
                _ => {
                    match tok.kind {
                        EQ => self.error_in(
                            Code::InvalidBlockDefinition,
                            "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block.",
                            tok.range,
                            between(block_type, tok.range),
                        ),
                        NEWLINE => self.error_in(
                            Code::InvalidBlockDefinition,
                            "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header.",
                            tok.range,
                            between(block_type, tok.range),
                        ),
                        _ if !self.recovery => self.error_in(
                            Code::InvalidBlockDefinition,
                            "Either a quoted string block label or an opening brace (\"{\") is expected here.",
                            tok.range,
                            between(block_type, tok.range),
                        ),
                        _ => {}
                    }
                    self.skip_line(true);
                    self.finish_node();
                    self.read();
                    return;
                }
            }
        };
        self.start_node(BLOCK_BODY);
        self.read(); // `{`
        match self.peek().kind {
            _ if self.depth >= MAX_DEPTH => {
                self.too_deep();
            }
            NEWLINE | EOF | R_BRACE => {
                self.depth += 1;
                self.parse_body(R_BRACE);
                self.depth -= 1;
            }
            _ => self.parse_single_attr_body(block_type, open_brace),
        }
        self.finish_node();
        self.finish_node();
        let eol = self.peek();
        if eol.kind == NEWLINE || eol.kind == EOF {
            self.read();
        } else {
            if !self.recovery {
                self.error_in(
                    Code::MissingNewlineAfterBlockDefinition,
                    "A block definition must end with a newline.",
                    eol.range,
                    between(block_type, eol.range),
                );
            }
            self.recover_after_body_item();
        }
    }

    /// `{ name = expr }` on one line, from after the brace up to and
    /// including the closing brace.
    fn parse_single_attr_body(&mut self, block_type: TextRange, open_brace: Tok) {
        self.start_node(BODY);
        let checkpoint = self.checkpoint();
        let ident = self.read();
        if ident.kind != IDENT {
            self.start_node_at(checkpoint, ERROR);
            self.skip_line(false);
            self.finish_node();
            self.read();
            self.error(
                Code::ArgumentOrBlockDefinitionRequired,
                "An argument or block definition is required here.",
                ident.range,
            );
        } else {
            let next = self.peek();
            match next.kind {
                EQ => {
                    self.start_node_at(checkpoint, ATTRIBUTE);
                    self.finish_attribute(ident.range, true);
                }
                OPEN_QUOTE | L_BRACE | IDENT => {
                    self.start_node_at(checkpoint, ERROR);
                    self.skip_line(false);
                    self.finish_node();
                    self.read();
                    let name = self.token_text(ident);
                    self.error(
                        Code::ArgumentDefinitionRequired,
                        format!(
                            "A single-line block definition can contain only a single argument. If you meant to define argument {}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.",
                            go_quote(name)
                        ),
                        ident.range.cover(next.range),
                    );
                }
                _ => {
                    self.start_node_at(checkpoint, ERROR);
                    self.skip_line(false);
                    self.finish_node();
                    self.read();
                    self.error(
                        Code::ArgumentOrBlockDefinitionRequired,
                        "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.",
                        ident.range,
                    );
                }
            }
        }
        self.finish_node();
        let next = self.peek();
        match next.kind {
            R_BRACE => {
                self.read();
            }
            COMMA => {
                self.error(
                    Code::InvalidSingleArgumentBlockDefinition,
                    "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.",
                    next.range,
                );
                self.recover(R_BRACE);
            }
            NEWLINE => {
                self.error(
                    Code::InvalidSingleArgumentBlockDefinition,
                    "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.",
                    next.range,
                );
                self.recover(R_BRACE);
            }
            _ => {
                if !self.recovery {
                    if next.kind == EOF {
                        self.error_in(
                            Code::UnclosedConfigurationBlock,
                            "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                            open_brace.range,
                            between(block_type, open_brace.range),
                        );
                    } else {
                        self.error(
                            Code::InvalidSingleArgumentBlockDefinition,
                            "A single-line block definition must end with a closing brace immediately after its single argument definition.",
                            next.range,
                        );
                    }
                }
                self.recover(R_BRACE);
            }
        }
    }

    /// A quoted block label: a string without template sequences.
    fn parse_quoted_label(&mut self) {
        self.start_node(BLOCK_LABEL);
        let open = self.read();
        loop {
            let tok = self.read();
            match tok.kind {
                CLOSE_QUOTE => break,
                QUOTED_LIT => {
                    let text = self.token_text(tok);
                    self.errors
                        .extend(escapes::check(text, tok.range.start(), true));
                }
                TEMPLATE_INTERP | TEMPLATE_CONTROL => {
                    let which = if tok.kind == TEMPLATE_CONTROL {
                        "%"
                    } else {
                        "$"
                    };
                    self.error_in(
                        Code::InvalidStringLiteral,
                        format!(
                            "Template sequences are not allowed in this string. To include a literal {}, double it (as \"{which}{which}\") to escape it.",
                            go_quote(which)
                        ),
                        tok.range,
                        between(open.range, tok.range),
                    );
                    self.recover(TEMPLATE_SEQ_END);
                }
                EOF => {
                    self.error_in(
                        Code::UnterminatedStringLiteral,
                        "Unable to find the closing quote mark before the end of the file.",
                        tok.range,
                        between(open.range, tok.range),
                    );
                    break;
                }
                _ => {
                    self.error_in(
                        Code::InvalidStringLiteral,
                        "This item is not valid in a string literal.",
                        tok.range,
                        between(open.range, tok.range),
                    );
                    self.recover(CLOSE_QUOTE);
                    break;
                }
            }
        }
        self.finish_node();
    }

    // ---- expressions ----

    /// Parses an expression; returns its range as HCL has it, which after
    /// an error is often the range of only a part of it (messages about
    /// `for` expressions point at such ranges).
    pub(super) fn parse_expression(&mut self) -> TextRange {
        if self.depth >= MAX_DEPTH {
            return self.too_deep();
        }
        self.depth += 1;
        let range = self.parse_conditional();
        self.depth -= 1;
        range
    }

    /// Reports input nested beyond [`MAX_DEPTH`] and skips the rest of the
    /// file, which keeps both the stack and the error list bounded.
    fn too_deep(&mut self) -> TextRange {
        let tok = self.peek();
        if !self.recovery {
            self.error(
                Code::ExpressionTooDeeplyNested,
                format!("Expressions may be nested at most {MAX_DEPTH} levels deep."),
                tok.range,
            );
        }
        self.recovery = true;
        self.start_node(ERROR);
        while self.peek().kind != EOF {
            self.read();
        }
        self.finish_node();
        tok.range
    }

    fn parse_conditional(&mut self) -> TextRange {
        let checkpoint = self.checkpoint();
        let start = self.peek().range;
        let before = self.error_count();
        let condition = self.parse_binary(1);
        if self.recovery && self.error_count() > before {
            return condition;
        }
        if !self.at(QUESTION) {
            return condition;
        }
        self.start_node_at(checkpoint, CONDITIONAL_EXPR);
        self.read(); // `?`
        let before = self.error_count();
        self.parse_expression();
        if self.recovery && self.error_count() > before {
            self.finish_node();
            return condition;
        }
        let colon = self.peek();
        if colon.kind != COLON {
            self.error_in(
                Code::MissingFalseExpressionInConditional,
                "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
                colon.range,
                between(start, colon.range),
            );
            self.finish_node();
            return condition;
        }
        self.read();
        let before = self.error_count();
        let otherwise = self.parse_expression();
        self.finish_node();
        if self.recovery && self.error_count() > before {
            return condition;
        }
        between(start, otherwise)
    }

    /// Binary operators by precedence climbing. HCL recurses once per
    /// precedence level; stopping at the first failed operand once in
    /// recovery mode, as HCL does at every level, makes the two agree.
    fn parse_binary(&mut self, min_precedence: u8) -> TextRange {
        let checkpoint = self.checkpoint();
        let before = self.error_count();
        let mut lhs = self.parse_with_traversals();
        if self.recovery && self.error_count() > before {
            return lhs;
        }
        while let Some(precedence) = binary_precedence(self.peek().kind) {
            if precedence < min_precedence {
                break;
            }
            self.start_node_at(checkpoint, BINARY_EXPR);
            self.read();
            let before = self.error_count();
            let rhs = self.parse_binary(precedence + 1);
            self.finish_node();
            if self.recovery && self.error_count() > before {
                return lhs;
            }
            lhs = between(lhs, rhs);
        }
        lhs
    }

    fn parse_with_traversals(&mut self) -> TextRange {
        let checkpoint = self.checkpoint();
        let term = self.parse_term();
        self.parse_traversals(checkpoint, term)
    }

    /// Postfix steps: `.name`, `.0`, `.*`, `[*]`, `[key]`. Each wraps
    /// everything since `checkpoint`; inside a splat the steps have no
    /// receiver and apply to each element. `from` is the range of what the
    /// steps apply to; returns the range of the whole.
    fn parse_traversals(&mut self, checkpoint: Checkpoint, from: TextRange) -> TextRange {
        let mut range = from;
        loop {
            match self.peek().kind {
                DOT => {
                    let step_start = self.checkpoint();
                    let dot = self.read();
                    let attr = self.peek();
                    match attr.kind {
                        IDENT => {
                            self.read();
                            self.wrap(checkpoint, ATTR_EXPR);
                            range = between(range, attr.range);
                        }
                        NUMBER => {
                            self.read();
                            self.legacy_index_number(attr, false, attr);
                            self.wrap(checkpoint, LEGACY_INDEX_EXPR);
                            range = between(range, attr.range);
                        }
                        STAR => {
                            self.read();
                            self.start_node_at(step_start, ATTR_SPLAT);
                            self.finish_node();
                            // After an error HCL drops the splat.
                            if let Some(last) = self.parse_attr_splat_steps(attr) {
                                range = between(from, last);
                            }
                            self.wrap(checkpoint, SPLAT_EXPR);
                        }
                        _ => {
                            self.error(
                                Code::InvalidAttributeName,
                                "An attribute name is required after a dot.",
                                attr.range,
                            );
                            self.wrap(checkpoint, ATTR_EXPR);
                            self.recovery = true;
                            range = between(from, dot.range);
                        }
                    }
                }
                L_BRACK => {
                    let step_start = self.checkpoint();
                    let open = self.read();
                    if self.at(STAR) {
                        self.read();
                        let mut close = self.read_closer(R_BRACK);
                        if close.kind != R_BRACK && !self.recovery {
                            // HCL reports this at the token recovery stops
                            // at, not at the stray one.
                            close = self.recover(R_BRACK);
                            self.error(
                                Code::MissingCloseBracketOnSplatIndex,
                                "The star for a full splat operator must be immediately followed by a closing bracket (\"]\").",
                                close.range,
                            );
                        }
                        self.start_node_at(step_start, FULL_SPLAT);
                        self.finish_node();
                        let each = self.checkpoint();
                        let item = between(open.range, close.range);
                        let each_range = if self.depth >= MAX_DEPTH {
                            self.too_deep()
                        } else {
                            self.depth += 1;
                            let each_range = self.parse_traversals(each, item);
                            self.depth -= 1;
                            each_range
                        };
                        self.wrap(checkpoint, SPLAT_EXPR);
                        range = between(from, each_range);
                    } else {
                        self.push_newlines(false);
                        let before = self.error_count();
                        self.parse_expression();
                        let close = if self.recovery && self.error_count() > before {
                            self.recover(R_BRACK)
                        } else {
                            let close = self.read_closer(R_BRACK);
                            if close.kind != R_BRACK && !self.recovery {
                                let stop = self.recover(R_BRACK);
                                self.error(
                                    Code::MissingCloseBracketOnIndex,
                                    "The index operator must end with a closing bracket (\"]\").",
                                    stop.range,
                                );
                                stop
                            } else {
                                close
                            }
                        };
                        self.pop_newlines();
                        self.wrap(checkpoint, INDEX_EXPR);
                        range = between(from, close.range);
                    }
                }
                _ => return range,
            }
        }
    }

    fn wrap(&mut self, checkpoint: Checkpoint, kind: SyntaxKind) {
        self.start_node_at(checkpoint, kind);
        self.finish_node();
    }

    /// The `.name` and `.0` steps after `.*`; they have no receiver.
    /// Returns the range of the last step (or the star), or `None` after
    /// an error.
    fn parse_attr_splat_steps(&mut self, star: Tok) -> Option<TextRange> {
        let each = self.checkpoint();
        let mut last = star.range;
        while self.at(DOT) {
            self.read();
            let next = self.peek();
            match next.kind {
                NUMBER => {
                    self.read();
                    self.legacy_index_number(next, true, star);
                    self.wrap(each, LEGACY_INDEX_EXPR);
                    last = next.range;
                }
                IDENT => {
                    self.read();
                    self.wrap(each, ATTR_EXPR);
                    last = next.range;
                }
                _ => {
                    if !self.recovery {
                        if next.kind == STAR {
                            self.error(
                                Code::NestedSplatExpressionNotAllowed,
                                "A splat expression (*) cannot be used inside another attribute-only splat expression.",
                                next.range,
                            );
                        } else {
                            self.error(
                                Code::InvalidAttributeName,
                                "An attribute name is required after a dot.",
                                star.range,
                            );
                        }
                    }
                    self.recovery = true;
                    self.wrap(each, ATTR_EXPR);
                    return None;
                }
            }
        }
        Some(last)
    }

    /// Checks the number after a legacy `.` index: `a.0.1` lexes as one
    /// number and is an error.
    fn legacy_index_number(&mut self, number: Tok, in_splat: bool, subject: Tok) {
        let text = self.token_text(number);
        if let Some((first, second)) = text.split_once('.') {
            let detail = if in_splat {
                format!(
                    "When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax with a full splat expression [*] instead, like [{first}][{second}]."
                )
            } else {
                format!(
                    "When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax instead, like [{first}][{second}]."
                )
            };
            self.error(Code::InvalidLegacyIndexSyntax, detail, subject.range);
        } else {
            self.check_number(number);
        }
    }

    fn check_number(&mut self, number: Tok) {
        if !is_valid_number(self.token_text(number)) {
            self.error(
                Code::InvalidNumberLiteral,
                "Failed to recognize the value of this number literal.",
                number.range,
            );
        }
    }

    fn parse_term(&mut self) -> TextRange {
        let start = self.peek();
        match start.kind {
            L_PAREN => {
                self.start_node(PAREN_EXPR);
                self.read();
                self.push_newlines(false);
                let before = self.error_count();
                let inner = self.parse_expression();
                if self.error_count() > before {
                    self.recover(R_PAREN);
                    self.pop_newlines();
                    self.finish_node();
                    return inner;
                }
                let close = self.peek();
                if close.kind != R_PAREN {
                    self.error_in(
                        Code::UnbalancedParentheses,
                        "Expected a closing parenthesis to terminate the expression.",
                        close.range,
                        between(start.range, close.range),
                    );
                    self.recovery = true;
                }
                let close = self.read();
                self.pop_newlines();
                self.finish_node();
                between(start.range, close.range)
            }
            NUMBER => {
                self.start_node(LITERAL);
                self.read();
                self.finish_node();
                self.check_number(start);
                start.range
            }
            IDENT => {
                let checkpoint = self.checkpoint();
                self.read();
                let next = self.peek().kind;
                if next == L_PAREN || next == COLON2 {
                    return self.parse_function_call(checkpoint, start);
                }
                let kind = match self.token_text(start) {
                    "true" | "false" | "null" => LITERAL,
                    _ => VARIABLE,
                };
                self.wrap(checkpoint, kind);
                start.range
            }
            OPEN_QUOTE => self.parse_template(TEMPLATE, CLOSE_QUOTE),
            HEREDOC_OPEN => self.parse_template(HEREDOC, HEREDOC_CLOSE),
            MINUS | BANG => {
                self.start_node(UNARY_EXPR);
                self.read();
                let operand = if self.depth >= MAX_DEPTH {
                    self.too_deep()
                } else {
                    self.depth += 1;
                    let operand = self.parse_with_traversals();
                    self.depth -= 1;
                    operand
                };
                self.finish_node();
                between(start.range, operand)
            }
            L_BRACK => self.parse_tuple(),
            L_BRACE => self.parse_object(),
            _ => {
                if !self.recovery {
                    if start.kind == EOF {
                        self.error(
                            Code::MissingExpression,
                            "Expected the start of an expression, but found the end of the file.",
                            start.range,
                        );
                    } else {
                        self.error(
                            Code::InvalidExpression,
                            "Expected the start of an expression, but found an invalid expression token.",
                            start.range,
                        );
                    }
                }
                self.recovery = true;
                // HCL's placeholder for the missing expression has the
                // range of the token it stopped at.
                start.range
            }
        }
    }

    /// A function call after its first name; returns its range.
    fn parse_function_call(&mut self, checkpoint: Checkpoint, name: Tok) -> TextRange {
        self.start_node_at(checkpoint, FUNCTION_NAME);
        while self.at(COLON2) {
            self.read();
            let next = self.peek();
            if next.kind != IDENT {
                self.read();
                self.finish_node();
                self.start_node_at(checkpoint, FUNCTION_CALL);
                self.error_in(
                    Code::MissingFunctionName,
                    "Function scope resolution symbol :: must be followed by a function name in this scope.",
                    next.range,
                    between(name.range, next.range),
                );
                self.recover_over(L_PAREN);
                self.finish_node();
                return between(name.range, next.range);
            }
            self.read();
        }
        self.finish_node();
        self.start_node_at(checkpoint, FUNCTION_CALL);
        if !self.at(L_PAREN) {
            self.start_node(ERROR);
            let open = self.read();
            self.finish_node();
            self.error_in(
                Code::MissingOpenParenthesis,
                "Function selector must be followed by an open parenthesis to begin the function call.",
                open.range,
                between(name.range, open.range),
            );
            self.recover_over(L_PAREN);
            self.finish_node();
            return between(name.range, open.range);
        }
        self.start_node(ARG_LIST);
        let open = self.read();
        self.push_newlines(false);
        let mut closed = true;
        loop {
            if self.at(R_PAREN) {
                self.read();
                break;
            }
            let before = self.error_count();
            self.parse_expression();
            if self.recovery && self.error_count() > before {
                if self.recover(R_PAREN).kind != R_PAREN {
                    // HCL then has no closing parenthesis, and its range
                    // for the call ends at offset zero, which a range here
                    // cannot: end it where it starts instead.
                    closed = false;
                }
                break;
            }
            let sep = self.read();
            match sep.kind {
                R_PAREN => break,
                ELLIPSIS => {
                    if !self.at(R_PAREN) {
                        if !self.recovery {
                            self.error_in(
                                Code::MissingClosingParenthesis,
                                "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                                sep.range,
                                between(name.range, sep.range),
                            );
                        }
                        self.recover(R_PAREN);
                    } else {
                        self.read();
                    }
                    break;
                }
                COMMA => {
                    if self.at(R_PAREN) {
                        self.read();
                        break;
                    }
                }
                EOF => {
                    self.error(
                        Code::UnterminatedFunctionCall,
                        "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
                        name.range.cover(open.range),
                    );
                    // Nothing is left to skip, but this still counts as
                    // recovering.
                    self.recover(R_PAREN);
                    break;
                }
                _ => {
                    self.error_in(
                        Code::MissingArgumentSeparator,
                        "A comma is required to separate each function argument from the next.",
                        sep.range,
                        between(name.range, sep.range),
                    );
                    self.recover(R_PAREN);
                    break;
                }
            }
        }
        self.pop_newlines();
        self.finish_node();
        self.finish_node();
        if closed {
            between(name.range, self.prev_range)
        } else {
            TextRange::empty(name.range.start())
        }
    }

    fn parse_tuple(&mut self) -> TextRange {
        let checkpoint = self.checkpoint();
        let open = self.read();
        self.push_newlines(false);
        if self.at_keyword("for") {
            let range = self.parse_for(checkpoint, open, FOR_TUPLE, R_BRACK);
            self.pop_newlines();
            return range;
        }
        self.start_node_at(checkpoint, TUPLE);
        loop {
            if self.at(R_BRACK) {
                self.read();
                break;
            }
            let before = self.error_count();
            self.parse_expression();
            if self.recovery && self.error_count() > before {
                self.recover(R_BRACK);
                break;
            }
            let next = self.peek();
            if next.kind == R_BRACK {
                self.read();
                break;
            }
            if next.kind != COMMA {
                if !self.recovery {
                    if next.kind == EOF {
                        self.error(
                            Code::UnterminatedTupleConstructor,
                            "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                            open.range,
                        );
                    } else {
                        self.error_in(
                            Code::MissingItemSeparator,
                            "Expected a comma to mark the beginning of the next item.",
                            next.range,
                            between(open.range, next.range),
                        );
                    }
                }
                self.recover(R_BRACK);
                break;
            }
            self.read();
        }
        self.finish_node();
        self.pop_newlines();
        between(open.range, self.prev_range)
    }

    fn parse_object(&mut self) -> TextRange {
        let checkpoint = self.checkpoint();
        let open = self.read();
        self.push_newlines(false);
        let is_for = self.at_keyword("for");
        self.pop_newlines();
        if is_for {
            self.push_newlines(false);
            let range = self.parse_for(checkpoint, open, FOR_OBJECT, R_BRACE);
            self.pop_newlines();
            return range;
        }
        self.start_node_at(checkpoint, OBJECT);
        self.push_newlines(true);
        loop {
            let next = self.peek();
            if next.kind == NEWLINE {
                self.read();
                continue;
            }
            if next.kind == R_BRACE {
                self.read();
                break;
            }
            self.start_node(OBJECT_ITEM);
            self.start_node(OBJECT_KEY);
            let before = self.error_count();
            self.parse_expression();
            self.finish_node();
            if self.recovery && self.error_count() > before {
                self.finish_node();
                self.recover(R_BRACE);
                break;
            }
            let next = self.peek();
            if next.kind != EQ && next.kind != COLON {
                self.finish_node();
                if !self.recovery {
                    match next.kind {
                        NEWLINE | COMMA => self.error_in(
                            Code::MissingAttributeValue,
                            "Expected an attribute value, introduced by an equals sign (\"=\").",
                            next.range,
                            between(open.range, next.range),
                        ),
                        IDENT => self.error_in(
                            Code::MissingKeyValueSeparator,
                            "Expected an equals sign (\"=\") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.",
                            next.range,
                            between(open.range, next.range),
                        ),
                        EOF => self.error(
                            Code::UnterminatedObjectConstructor,
                            "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                            open.range,
                        ),
                        _ => self.error_in(
                            Code::MissingKeyValueSeparator,
                            "Expected an equals sign (\"=\") to mark the beginning of the attribute value.",
                            next.range,
                            between(open.range, next.range),
                        ),
                    }
                }
                self.recover(R_BRACE);
                break;
            }
            self.read();
            let before = self.error_count();
            self.parse_expression();
            self.finish_node();
            if self.recovery && self.error_count() > before {
                self.recover(R_BRACE);
                break;
            }
            let next = self.peek();
            if next.kind == R_BRACE {
                self.read();
                break;
            }
            if next.kind != COMMA && next.kind != NEWLINE {
                if !self.recovery {
                    if next.kind == EOF {
                        self.error(
                            Code::UnterminatedObjectConstructor,
                            "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                            open.range,
                        );
                    } else {
                        self.error_in(
                            Code::MissingAttributeSeparator,
                            "Expected a newline or comma to mark the beginning of the next attribute.",
                            next.range,
                            between(open.range, next.range),
                        );
                    }
                }
                self.recover(R_BRACE);
                break;
            }
            self.read();
        }
        self.pop_newlines();
        self.finish_node();
        between(open.range, self.prev_range)
    }

    /// A `for` expression after its opening bracket; newlines are already
    /// insignificant. Returns its range.
    fn parse_for(
        &mut self,
        checkpoint: Checkpoint,
        open: Tok,
        kind: SyntaxKind,
        close: SyntaxKind,
    ) -> TextRange {
        self.start_node_at(checkpoint, kind);
        self.push_newlines(false);
        self.start_node(FOR_INTRO);
        self.read(); // `for`
        let ok = self.parse_for_intro(open.range, close);
        self.finish_node();
        if ok {
            self.parse_for_rest(open.range, kind == FOR_OBJECT, close);
        }
        self.pop_newlines();
        self.finish_node();
        between(open.range, self.prev_range)
    }

    fn for_error(&mut self, open: TextRange, detail: &str, close: SyntaxKind) {
        if !self.recovery {
            let range = self.peek().range;
            self.error_in(
                Code::InvalidForExpression,
                detail,
                range,
                between(open, range),
            );
        }
        self.recover(close);
    }

    /// `k, v in coll :`; returns false after an error (recovery done).
    fn parse_for_intro(&mut self, open: TextRange, close: SyntaxKind) -> bool {
        if !self.at(IDENT) {
            self.for_error(
                open,
                "For expression requires variable name after 'for'.",
                close,
            );
            return false;
        }
        self.read();
        if self.at(COMMA) {
            self.read();
            if !self.at(IDENT) {
                self.for_error(
                    open,
                    "For expression requires value variable name after comma.",
                    close,
                );
                return false;
            }
            self.read();
        }
        if !self.at_keyword("in") {
            self.for_error(
                open,
                "For expression requires the 'in' keyword after its name declarations.",
                close,
            );
            return false;
        }
        self.read();
        let before = self.error_count();
        self.parse_expression();
        if self.recovery && self.error_count() > before {
            self.recover(close);
            return false;
        }
        if !self.at(COLON) {
            self.for_error(
                open,
                "For expression requires a colon after the collection expression.",
                close,
            );
            return false;
        }
        self.read();
        true
    }

    fn parse_for_rest(&mut self, open: TextRange, make_object: bool, close: SyntaxKind) {
        let before = self.error_count();
        let mut value_range = self.parse_expression();
        let mut key_range = None;
        if self.at(FAT_ARROW) {
            self.read();
            key_range = Some(value_range);
            value_range = self.parse_expression();
        }
        if self.recovery && self.error_count() > before {
            self.recover(close);
            return;
        }
        let mut ellipsis = None;
        if self.at(ELLIPSIS) {
            ellipsis = Some(self.read());
        }
        if self.at_keyword("if") {
            self.start_node(FOR_COND);
            self.read();
            let before = self.error_count();
            self.parse_expression();
            self.finish_node();
            if self.recovery && self.error_count() > before {
                self.recover(close);
                return;
            }
        }
        let close_range = if self.at(close) {
            self.read().range
        } else {
            if !self.recovery {
                let range = self.peek().range;
                self.error_in(
                    Code::InvalidForExpression,
                    "Extra characters after the end of the 'for' expression.",
                    range,
                    between(open, range),
                );
            }
            self.recover(close).range
        };
        if !make_object {
            if let Some(key_range) = key_range {
                self.error_in(
                    Code::InvalidForExpression,
                    "Key expression is not valid when building a tuple.",
                    key_range,
                    between(open, close_range),
                );
            }
            if let Some(ellipsis) = ellipsis {
                self.error_in(
                    Code::InvalidForExpression,
                    "Grouping ellipsis (...) cannot be used when building a tuple.",
                    ellipsis.range,
                    between(open, close_range),
                );
            }
        } else if key_range.is_none() {
            self.error_in(
                Code::InvalidForExpression,
                "Key expression is required when building an object.",
                value_range,
                between(open, close_range),
            );
        }
    }

    // ---- templates ----

    /// A quoted template or a heredoc, from its opener to its closer;
    /// returns its range.
    fn parse_template(&mut self, kind: SyntaxKind, end: SyntaxKind) -> TextRange {
        self.start_node(kind);
        let open = self.read();
        self.parse_template_parts(end);
        self.finish_node();
        between(open.range, self.prev_range)
    }

    /// The parts of a template up to and including `end`, with the checks
    /// of HCL's `parseTemplateParts` and of its directive nesting.
    fn parse_template_parts(&mut self, end: SyntaxKind) {
        let start_range = self.peek().range;
        let mut directives = Vec::new();
        let end_range;
        loop {
            let next = self.peek();
            if next.kind == end {
                self.read();
                end_range = next.range;
                break;
            }
            match next.kind {
                QUOTED_LIT => {
                    self.read();
                    let text = self.token_text(next);
                    self.errors
                        .extend(escapes::check(text, next.range.start(), true));
                }
                STRING_LIT => {
                    self.read();
                }
                TEMPLATE_INTERP => self.parse_interpolation(start_range, end),
                TEMPLATE_CONTROL => {
                    if let Some(directive) = self.parse_directive(start_range) {
                        directives.push(directive);
                    }
                }
                _ => {
                    if !self.recovery {
                        self.error_in(
                            Code::UnterminatedTemplateString,
                            "No closing marker was found for the string.",
                            next.range,
                            between(start_range, next.range),
                        );
                    }
                    self.read_closer(end);
                    end_range = self.recover(end).range;
                    break;
                }
            }
        }
        if directives.is_empty() {
            return;
        }
        let (text, file_name, tokens, starts) =
            (self.text, self.file_name, self.tokens, &self.starts);
        let columns = &mut self.columns;
        template::check_structure(&directives, end_range, &mut self.errors, |range| {
            columns
                .get_or_insert_with(|| TokenColumns::new(text, tokens, starts))
                .range_string(text, tokens, starts, file_name, range)
        });
    }

    fn parse_interpolation(&mut self, start_range: TextRange, end: SyntaxKind) {
        self.start_node(TEMPLATE_INTERPOLATION);
        self.read();
        self.push_newlines(false);
        self.parse_expression();
        let close = self.peek();
        if close.kind != TEMPLATE_SEQ_END {
            if !self.recovery {
                match close.kind {
                    EOF => self.error(
                        Code::UnclosedTemplateInterpolationSequence,
                        "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.",
                        start_range,
                    ),
                    COLON => self.error_in(
                        Code::ExtraCharactersAfterInterpolation,
                        "Template interpolation doesn't expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with \"$${\" instead of just \"${\".",
                        close.range,
                        between(start_range, close.range),
                    ),
                    CLOSE_QUOTE | OPEN_QUOTE if end == CLOSE_QUOTE => self.error(
                        Code::UnclosedTemplateInterpolationSequence,
                        "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
                        start_range,
                    ),
                    _ => self.error_in(
                        Code::ExtraCharactersAfterInterpolation,
                        "Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with \"$${\" instead of just \"${\".",
                        close.range,
                        between(start_range, close.range),
                    ),
                }
            }
            self.recover(TEMPLATE_SEQ_END);
        } else {
            self.read();
        }
        self.pop_newlines();
        self.finish_node();
    }

    /// One `%{ ... }` directive.
    fn parse_directive(&mut self, start_range: TextRange) -> Option<template::Directive> {
        self.start_node(TEMPLATE_DIRECTIVE);
        let open = self.read();
        self.push_newlines(false);
        let result = self.parse_directive_inner(open, start_range);
        self.pop_newlines();
        self.finish_node();
        result
    }

    fn parse_directive_inner(
        &mut self,
        open: Tok,
        start_range: TextRange,
    ) -> Option<template::Directive> {
        let keyword = self.peek();
        if keyword.kind != IDENT {
            if !self.recovery {
                self.error_in(
                    Code::InvalidTemplateDirective,
                    "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning of a %{ sequence.",
                    keyword.range,
                    between(open.range, keyword.range),
                );
            }
            self.recover(TEMPLATE_SEQ_END);
            return None;
        }
        self.read();
        let name = self.token_text(keyword);
        let kind = match name {
            "if" => {
                self.parse_expression();
                template::DirectiveKind::If
            }
            "else" => template::DirectiveKind::Else,
            "endif" => template::DirectiveKind::EndIf,
            "endfor" => template::DirectiveKind::EndFor,
            "for" => {
                if !self.parse_directive_for_intro() {
                    return None;
                }
                template::DirectiveKind::For
            }
            _ => {
                if !self.recovery {
                    let suggestion = template::keyword_suggestion(name)
                        .map(|s| format!(" Did you mean {}?", go_quote(s)))
                        .unwrap_or_default();
                    self.error_in(
                        Code::InvalidTemplateControlKeyword,
                        format!(
                            "{} is not a valid template control keyword.{suggestion}",
                            go_quote(name)
                        ),
                        keyword.range,
                        between(open.range, keyword.range),
                    );
                }
                self.recover(TEMPLATE_SEQ_END);
                return None;
            }
        };
        let close = self.peek();
        let range = open.range.cover(close.range);
        if close.kind != TEMPLATE_SEQ_END {
            if !self.recovery {
                self.error_in_named(
                    Code::ExtraCharactersInMarker,
                    format!("Extra characters in {name} marker"),
                    "Expected a closing brace to end the sequence, but found extra characters.",
                    close.range,
                    between(start_range, close.range),
                );
            }
            self.recover(TEMPLATE_SEQ_END);
        } else {
            self.read();
        }
        Some(template::Directive { kind, range })
    }

    /// `k, v in coll` of a `%{ for }` directive; false after an error.
    fn parse_directive_for_intro(&mut self) -> bool {
        let fail = |p: &mut Self, detail: &str| {
            if !p.recovery {
                let range = p.peek().range;
                p.error(Code::InvalidForDirective, detail, range);
            }
            p.recover(TEMPLATE_SEQ_END);
            false
        };
        if !self.at(IDENT) {
            return fail(self, "For directive requires variable name after 'for'.");
        }
        self.read();
        if self.at(COMMA) {
            self.read();
            if !self.at(IDENT) {
                return fail(
                    self,
                    "For directive requires value variable name after comma.",
                );
            }
            self.read();
        }
        if !self.at_keyword("in") {
            return fail(self, "For directive requires 'in' keyword after names.");
        }
        self.read();
        self.parse_expression();
        true
    }
}

/// The attribute names of one body, for "Attribute redefined". Most
/// bodies are small, where a scan beats hashing; large ones (tfvars files
/// with thousands of entries) switch to a map.
#[derive(Default)]
struct AttributeNames<'t> {
    list: Vec<(&'t str, TextRange)>,
    map: HashMap<&'t str, TextRange>,
}

impl<'t> AttributeNames<'t> {
    const SCAN_LIMIT: usize = 32;

    fn get(&self, name: &str) -> Option<TextRange> {
        if self.list.len() < Self::SCAN_LIMIT {
            self.list
                .iter()
                .find(|(n, _)| *n == name)
                .map(|&(_, range)| range)
        } else {
            self.map.get(name).copied()
        }
    }

    fn insert(&mut self, name: &'t str, range: TextRange) {
        if self.list.len() < Self::SCAN_LIMIT {
            self.list.push((name, range));
            if self.list.len() == Self::SCAN_LIMIT {
                self.map.extend(self.list.iter().copied());
            }
        } else {
            self.map.insert(name, range);
        }
    }
}

/// The precedence of a binary operator, higher binding tighter.
fn binary_precedence(kind: SyntaxKind) -> Option<u8> {
    Some(match kind {
        PIPE2 => 1,
        AMP2 => 2,
        EQ2 | NEQ => 3,
        GT | GTE | LT | LTE => 4,
        PLUS | MINUS => 5,
        STAR | SLASH | PERCENT => 6,
        _ => return None,
    })
}

/// HCL's `RangeBetween`: from the start of `first` to the end of `last`.
fn between(first: TextRange, last: TextRange) -> TextRange {
    TextRange::new(first.start(), last.end().max(first.start()))
}

/// The bracket that closes or opens `kind`, as HCL's `oppositeBracket`.
fn opposite(kind: SyntaxKind) -> Option<SyntaxKind> {
    Some(match kind {
        L_BRACE => R_BRACE,
        L_BRACK => R_BRACK,
        L_PAREN => R_PAREN,
        OPEN_QUOTE => CLOSE_QUOTE,
        HEREDOC_OPEN => HEREDOC_CLOSE,
        R_BRACE => L_BRACE,
        R_BRACK => L_BRACK,
        R_PAREN => L_PAREN,
        CLOSE_QUOTE => OPEN_QUOTE,
        HEREDOC_CLOSE => HEREDOC_OPEN,
        TEMPLATE_CONTROL | TEMPLATE_INTERP => TEMPLATE_SEQ_END,
        TEMPLATE_SEQ_END => TEMPLATE_INTERP,
        _ => return None,
    })
}

/// Whether HCL can take the value of a number token: Go's
/// `big.ParseFloat` wants digits with at most one fraction and exponent,
/// an exponent that fits in 64 bits and a value whose binary exponent fits
/// in 32 bits.
fn is_valid_number(text: &str) -> bool {
    let bytes = text.as_bytes();
    let digits_at = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let integer = digits_at(0);
    let mut i = integer;
    let mut fraction: &[u8] = &[];
    if bytes.get(i) == Some(&b'.') {
        let len = digits_at(i + 1);
        fraction = &bytes[i + 1..i + 1 + len];
        i += 1 + len;
    }
    let mut exponent = 0i64;
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        let start = i + 1;
        i = start + usize::from(matches!(bytes.get(start), Some(b'+' | b'-')));
        let len = digits_at(i);
        if len == 0 {
            return false;
        }
        i += len;
        match text[start..i].parse() {
            Ok(value) => exponent = value,
            Err(_) => return false,
        }
    }
    if i != bytes.len() {
        return false;
    }
    let mantissa: Vec<u8> = bytes[..integer]
        .iter()
        .chain(fraction)
        .copied()
        .skip_while(|&b| b == b'0')
        .collect();
    if mantissa.is_empty() {
        return true;
    }
    let binary_exponent =
        i128::from(bit_length(&mantissa)) - fraction.len() as i128 + i128::from(exponent);
    (i128::from(i32::MIN)..=i128::from(i32::MAX)).contains(&binary_exponent)
}

/// The number of bits of the decimal integer `digits`, which has no
/// leading zeros.
fn bit_length(digits: &[u8]) -> u64 {
    if digits.len() > 1000 {
        // Only an exponent within a few thousand of the limit could make
        // the exact count matter.
        return (digits.len() as f64 * std::f64::consts::LOG2_10) as u64;
    }
    let mut limbs: Vec<u32> = Vec::new();
    for &digit in digits {
        let mut carry = u64::from(digit - b'0');
        for limb in &mut limbs {
            let value = u64::from(*limb) * 10 + carry;
            *limb = value as u32;
            carry = value >> 32;
        }
        if carry > 0 {
            limbs.push(carry as u32);
        }
    }
    let top = limbs.last().copied().unwrap_or(0);
    (limbs.len() as u64).saturating_sub(1) * 32 + u64::from(32 - top.leading_zeros())
}

#[cfg(test)]
mod tests {
    use super::{Parser, is_valid_number};

    #[test]
    fn a_spent_step_budget_ends_the_parse_with_an_error() {
        let text = "a = [1, 2, 3]\nb = { c = 4 }\n";
        let tokens = super::super::lex(text);
        let parser = Parser::new(text, "main.tf", &tokens);
        parser.steps_left.set(5);
        let (green, errors) = parser.parse_file();
        assert_eq!(crate::SyntaxNode::new_root(green).to_string(), text);
        assert_eq!(
            errors.last().map(|e| e.summary.as_str()),
            Some("Input too complex")
        );
    }

    #[test]
    fn a_spent_step_budget_ends_standalone_parses_too() {
        let text = "[1, 2, 3, 4]";
        let tokens = super::super::lex(text);
        let parser = Parser::new(text, "<console-input>", &tokens);
        parser.steps_left.set(3);
        let (green, errors) = parser.parse_expression_file();
        assert_eq!(crate::SyntaxNode::new_root(green).to_string(), text);
        assert_eq!(
            errors.last().map(|e| e.summary.as_str()),
            Some("Input too complex")
        );

        let text = "a ${b} %{ if c }d%{ endif }";
        let tokens = super::super::lex_template(text);
        let parser = Parser::new(text, "t.tmpl", &tokens);
        parser.steps_left.set(3);
        let (green, errors) = parser.parse_template_file();
        assert_eq!(crate::SyntaxNode::new_root(green).to_string(), text);
        assert_eq!(
            errors.last().map(|e| e.summary.as_str()),
            Some("Input too complex")
        );
    }

    #[test]
    fn number_values() {
        for valid in [
            "1",
            "1.5",
            "1e5",
            "1.e5",
            "007",
            "1e-2147483649",
            "0e99",
            "1e+2",
        ] {
            assert!(is_valid_number(valid), "{valid}");
        }
        for invalid in [
            "1.2.3",
            "1..2",
            "1e5e5",
            "1e2147483648",
            "0e99999999999999999999",
        ] {
            assert!(!is_valid_number(invalid), "{invalid}");
        }
    }
}
