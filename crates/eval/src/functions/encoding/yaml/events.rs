//! The libyaml event stream of a document, read ahead once, with
//! go-cty-yaml's error positions.

use libyaml_safer::{EventData, Parser, ScalarStyle};

/// What go-cty-yaml looks at in an event.
#[derive(Debug)]
pub(super) enum Kind {
    StreamStart,
    StreamEnd,
    DocumentStart,
    DocumentEnd,
    Alias {
        anchor: String,
    },
    Scalar {
        anchor: String,
        tag: String,
        value: String,
        /// libyaml's `plain_implicit`.
        implicit: bool,
        style: ScalarStyle,
    },
    SequenceStart {
        anchor: String,
        tag: String,
    },
    SequenceEnd,
    MappingStart {
        anchor: String,
        tag: String,
    },
    MappingEnd,
}

impl Kind {
    /// go-yaml's `yaml_event_type_t.String`.
    pub(super) fn name(&self) -> &'static str {
        match self {
            Kind::StreamStart => "stream start",
            Kind::StreamEnd => "stream end",
            Kind::DocumentStart => "document start",
            Kind::DocumentEnd => "document end",
            Kind::Alias { .. } => "alias",
            Kind::Scalar { .. } => "scalar",
            Kind::SequenceStart { .. } => "sequence start",
            Kind::SequenceEnd => "sequence end",
            Kind::MappingStart { .. } => "mapping start",
            Kind::MappingEnd => "mapping end",
        }
    }
}

#[derive(Debug)]
pub(super) struct Event {
    pub(super) kind: Kind,
    /// Zero-based start position.
    line: u64,
    column: u64,
}

impl Event {
    /// go-cty-yaml's `parseEventErrorWrap`: the position is left out for
    /// events on the first line (its check of a zero line number), and the
    /// zero-based line number is shown as it is.
    pub(super) fn error(&self, message: impl Into<String>) -> String {
        let message = message.into();
        if self.line == 0 {
            return message;
        }
        format!(
            "on line {}, column {}: {message}",
            self.line,
            self.column + 1
        )
    }
}

/// go-cty-yaml's `parserError`.
fn parser_error(e: &libyaml_safer::Error) -> String {
    let problem = match e.problem() {
        "" => "invalid YAML syntax",
        p => p,
    };
    let problem_mark = e.problem_mark().filter(|m| m.line != 0);
    let context_mark = e.context_mark().filter(|m| m.line != 0);
    match (problem_mark, context_mark) {
        // Scanner errors point at the start of the next line.
        (Some(m), _) if e.kind() == libyaml_safer::ErrorKind::Scanner => {
            format!("on line {}, column 1: {problem}", m.line + 1)
        }
        (Some(m), _) | (None, Some(m)) => {
            format!("on line {}, column {}: {problem}", m.line, m.column + 1)
        }
        (None, None) => problem.to_owned(),
    }
}

/// The events of `src` up to the end of the stream, or up to the first
/// syntax error, which comes when the event after the last is asked for.
pub(super) struct Events {
    events: Vec<Event>,
    error: Option<String>,
}

/// Most events read; a document this large could not become a value
/// within the size limits anyway.
const MAX_EVENTS: usize = 20_000_000;

impl Events {
    pub(super) fn parse(src: &str) -> Events {
        // go-cty-yaml parses an empty document as a single line break.
        let src = if src.is_empty() { "\n" } else { src };
        let mut bytes = src.as_bytes();
        let mut parser = Parser::new();
        parser.set_input_string(&mut bytes);
        let mut events = Vec::new();
        loop {
            if events.len() >= MAX_EVENTS {
                return Events {
                    events,
                    error: Some("the document has too many YAML events".to_owned()),
                };
            }
            let event = match parser.parse() {
                Ok(e) => e,
                Err(e) => {
                    return Events {
                        events,
                        error: Some(parser_error(&e)),
                    };
                }
            };
            let text = |s: Option<String>| s.unwrap_or_default();
            let kind = match event.data {
                EventData::StreamStart { .. } => Kind::StreamStart,
                EventData::StreamEnd => Kind::StreamEnd,
                EventData::DocumentStart { .. } => Kind::DocumentStart,
                EventData::DocumentEnd { .. } => Kind::DocumentEnd,
                EventData::Alias { anchor } => Kind::Alias { anchor },
                EventData::Scalar {
                    anchor,
                    tag,
                    value,
                    plain_implicit,
                    style,
                    ..
                } => Kind::Scalar {
                    anchor: text(anchor),
                    tag: text(tag),
                    value,
                    implicit: plain_implicit,
                    style,
                },
                EventData::SequenceStart { anchor, tag, .. } => Kind::SequenceStart {
                    anchor: text(anchor),
                    tag: text(tag),
                },
                EventData::SequenceEnd => Kind::SequenceEnd,
                EventData::MappingStart { anchor, tag, .. } => Kind::MappingStart {
                    anchor: text(anchor),
                    tag: text(tag),
                },
                EventData::MappingEnd => Kind::MappingEnd,
            };
            let end = matches!(kind, Kind::StreamEnd);
            events.push(Event {
                kind,
                line: event.start_mark.line,
                column: event.start_mark.column,
            });
            if end {
                return Events {
                    events,
                    error: None,
                };
            }
        }
    }

    pub(super) fn cursor(&self) -> Cursor<'_> {
        Cursor {
            events: self,
            next: 0,
        }
    }
}

/// Reads events in order, as `yaml_parser_parse` hands them out.
pub(super) struct Cursor<'a> {
    events: &'a Events,
    next: usize,
}

impl<'a> Cursor<'a> {
    pub(super) fn next(&mut self) -> Result<&'a Event, String> {
        let events = self.events;
        match events.events.get(self.next) {
            Some(e) => {
                self.next += 1;
                Ok(e)
            }
            None => Err(events
                .error
                .clone()
                // After the stream end libyaml keeps returning it.
                .unwrap_or_else(|| "invalid YAML syntax".to_owned())),
        }
    }
}
