//! `yamldecode`: go-cty-yaml's `ImpliedType` and `Unmarshal`, both walks
//! over the same events, then the value converted to the implied type.

use std::collections::{BTreeMap, HashMap};

use tofu_syntax::quote::go_quote;
use tofu_types::{Type, Value, convert};

use super::super::json::{MAX_VALUE_DEPTH, too_deep};
use super::events::{Cursor, Event, Events, Kind};
use super::resolve::{MAP_TAG, MERGE_TAG, SEQ_TAG, resolve_scalar};

/// Most values a document may expand to through aliases.
const MAX_NODES: u64 = crate::limits::MAX_COLLECTION_LENGTH as u64;

/// A decoded value with the size it stands for once aliases are
/// expanded, which bounds the work of converting and printing it.
#[derive(Clone)]
struct Node {
    value: Value,
    nodes: u64,
    depth: usize,
}

/// A scalar event's content.
struct Scalar<'e> {
    tag: &'e str,
    value: &'e str,
    implicit: bool,
    style: libyaml_safer::ScalarStyle,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// `ImpliedType`: untagged scalars that are not plain are strings
    /// without being resolved; only the types of the values matter.
    Type,
    /// `Unmarshal`: every scalar is resolved.
    Value,
}

struct Walker<'a> {
    events: Cursor<'a>,
    pass: Pass,
    /// Anchors being defined, with how many times over.
    pending: HashMap<String, usize>,
    anchors: HashMap<String, Node>,
    nodes: u64,
}

fn nested(children: &[&Node]) -> Result<(u64, usize), String> {
    let depth = 1 + children.iter().map(|c| c.depth).max().unwrap_or(0);
    if depth > MAX_VALUE_DEPTH {
        return Err(too_deep());
    }
    Ok((1 + children.iter().map(|c| c.nodes).sum::<u64>(), depth))
}

impl<'a> Walker<'a> {
    fn begin_anchor(&mut self, name: &str) {
        if !name.is_empty() {
            *self.pending.entry(name.to_owned()).or_default() += 1;
        }
    }

    fn complete_anchor(&mut self, name: &str, node: &Node) {
        if name.is_empty() {
            return;
        }
        if let Some(count) = self.pending.get_mut(name) {
            *count -= 1;
            if *count == 0 {
                self.pending.remove(name);
            }
        }
        self.anchors.insert(name.to_owned(), node.clone());
    }

    fn count(&mut self, node: &Node) -> Result<(), String> {
        self.nodes = self.nodes.saturating_add(node.nodes);
        if self.nodes > MAX_NODES {
            return Err(format!(
                "the document expands to more than {MAX_NODES} values"
            ));
        }
        Ok(())
    }

    /// The whole stream: one document holding one value.
    fn document(&mut self) -> Result<Node, String> {
        let event = self.events.next()?;
        if !matches!(event.kind, Kind::StreamStart) {
            return Err(event.error("missing stream start token"));
        }
        let event = self.events.next()?;
        if !matches!(event.kind, Kind::DocumentStart) {
            return Err(event.error("missing start of document"));
        }
        let node = self.parse(0)?;
        let event = self.events.next()?;
        match event.kind {
            Kind::DocumentEnd => {}
            Kind::DocumentStart => return Err(event.error("only a single document is allowed")),
            ref other => {
                return Err(event.error(format!(
                    "unexpected extra content ({}) after value",
                    other.name()
                )));
            }
        }
        let event = self.events.next()?;
        if !matches!(event.kind, Kind::StreamEnd) {
            return Err(event.error("unexpected extra content after value"));
        }
        Ok(node)
    }

    fn parse(&mut self, depth: usize) -> Result<Node, String> {
        let event = self.events.next()?;
        self.remainder(event, depth)
    }

    fn remainder(&mut self, event: &'a Event, depth: usize) -> Result<Node, String> {
        if depth > MAX_VALUE_DEPTH {
            return Err(too_deep());
        }
        let node = match &event.kind {
            Kind::Scalar {
                anchor,
                tag,
                value,
                implicit,
                style,
            } => {
                let scalar = Scalar {
                    tag,
                    value,
                    implicit: *implicit,
                    style: *style,
                };
                self.scalar(event, anchor, scalar)?
            }
            Kind::Alias { anchor } => self.alias(event, anchor)?,
            Kind::MappingStart { anchor, tag } => self.mapping(event, anchor, tag, depth)?,
            Kind::SequenceStart { anchor, tag } => self.sequence(event, anchor, tag, depth)?,
            Kind::DocumentStart => return Err(event.error("only a single document is allowed")),
            Kind::StreamEnd => {
                return Err(event.error("expecting value but found end of stream"));
            }
            Kind::MappingEnd if self.pass == Pass::Value => {
                return Err(event.error("expecting value but found end of mapping"));
            }
            Kind::SequenceEnd if self.pass == Pass::Value => {
                return Err(event.error("expecting value but found end of sequence"));
            }
            other => {
                return Err(event.error(format!("unexpected parser event {}", other.name())));
            }
        };
        self.count(&node)?;
        Ok(node)
    }

    fn scalar(&mut self, event: &Event, anchor: &str, scalar: Scalar<'_>) -> Result<Node, String> {
        self.begin_anchor(anchor);
        let value = if self.pass == Pass::Type && scalar.tag.is_empty() && !scalar.implicit {
            Value::unknown(Type::String)
        } else {
            resolve_scalar(scalar.tag, scalar.value, scalar.style).map_err(|e| event.error(e))?
        };
        let node = Node {
            value,
            nodes: 1,
            depth: 0,
        };
        self.complete_anchor(anchor, &node);
        Ok(node)
    }

    fn alias(&mut self, event: &Event, name: &str) -> Result<Node, String> {
        if self.pending.contains_key(name) {
            return Err(event.error(format!(
                "cannot refer to anchor {} from inside its own definition",
                go_quote(name)
            )));
        }
        self.anchors
            .get(name)
            .cloned()
            .ok_or_else(|| event.error(format!("reference to undefined anchor {}", go_quote(name))))
    }

    fn mapping(
        &mut self,
        event: &Event,
        anchor: &str,
        tag: &str,
        depth: usize,
    ) -> Result<Node, String> {
        if !tag.is_empty() && tag != MAP_TAG {
            return Err(event.error(format!("can't interpret mapping as {tag}")));
        }
        self.begin_anchor(anchor);
        let mut attrs: BTreeMap<String, Node> = BTreeMap::new();
        loop {
            let key = self.events.next()?;
            match &key.kind {
                Kind::MappingEnd => break,
                Kind::Scalar { tag, value, .. }
                    if (tag.is_empty() && value == "<<") || tag == MERGE_TAG =>
                {
                    let merged = self.parse(depth + 1)?;
                    self.merge(key, &mut attrs, &merged)?;
                }
                Kind::Scalar {
                    tag, value, style, ..
                } => {
                    let name = resolve_scalar(tag, value, *style)?;
                    let name = convert(&name, &Type::String)
                        .map_err(|_| key.error("only strings are allowed as mapping keys"))?;
                    let Some(name) = name.as_str().map(str::to_owned) else {
                        let problem = if name.is_null() {
                            "mapping key cannot be null"
                        } else {
                            "mapping key must be known"
                        };
                        return Err(key.error(problem));
                    };
                    let value = self.parse(depth + 1)?;
                    attrs.insert(name, value);
                }
                _ => return Err(key.error("only strings are allowed as mapping keys")),
            }
        }
        let children: Vec<&Node> = attrs.values().collect();
        let (nodes, depth) = nested(&children)?;
        let value = Value::object(attrs.into_iter().map(|(k, n)| (k, n.value)));
        let node = Node {
            value,
            nodes,
            depth,
        };
        self.complete_anchor(anchor, &node);
        Ok(node)
    }

    /// A merge key's value: a mapping, or a sequence of mappings, whose
    /// attributes are added in order.
    fn merge(
        &self,
        key: &Event,
        attrs: &mut BTreeMap<String, Node>,
        merged: &Node,
    ) -> Result<(), String> {
        let add = |attrs: &mut BTreeMap<String, Node>, value: &Value| {
            for (name, v) in value.entries().into_iter().flatten() {
                let node = Node {
                    value: v.clone(),
                    // A share of the merged value, for the size bound.
                    nodes: 1,
                    depth: merged.depth.saturating_sub(1),
                };
                attrs.insert(name.clone(), node);
            }
        };
        let ty = merged.value.ty();
        if ty.is_object() || ty.is_map() {
            add(attrs, &merged.value);
            return Ok(());
        }
        if ty.is_tuple() || ty.is_list() {
            for element in merged.value.elements().into_iter().flatten() {
                let ety = element.ty();
                if !(ety.is_object() || ety.is_map()) {
                    return Err(key.error(format!(
                        "cannot merge {} (from sequence) into mapping",
                        ety.friendly_name()
                    )));
                }
                add(attrs, element);
            }
            return Ok(());
        }
        Err(key.error(format!("cannot merge {} into mapping", ty.friendly_name())))
    }

    fn sequence(
        &mut self,
        event: &Event,
        anchor: &str,
        tag: &str,
        depth: usize,
    ) -> Result<Node, String> {
        if !tag.is_empty() && tag != SEQ_TAG {
            return Err(event.error(format!("can't interpret sequence as {tag}")));
        }
        self.begin_anchor(anchor);
        let mut elements = Vec::new();
        loop {
            let next = self.events.next()?;
            if matches!(next.kind, Kind::SequenceEnd) {
                break;
            }
            elements.push(self.remainder(next, depth + 1)?);
        }
        let (nodes, depth) = nested(&elements.iter().collect::<Vec<_>>())?;
        let value = Value::tuple(elements.into_iter().map(|n| n.value).collect());
        let node = Node {
            value,
            nodes,
            depth,
        };
        self.complete_anchor(anchor, &node);
        Ok(node)
    }
}

fn walk(events: &Events, pass: Pass) -> Result<Value, String> {
    let mut walker = Walker {
        events: events.cursor(),
        pass,
        pending: HashMap::new(),
        anchors: HashMap::new(),
        nodes: 0,
    };
    walker.document().map(|n| n.value)
}

/// go-cty-yaml's implied type of the document.
pub(super) fn implied_type(events: &Events) -> Result<Type, String> {
    walk(events, Pass::Type).map(|v| v.ty().clone())
}

/// The document's value, converted to its implied type.
pub(super) fn decode(events: &Events, ty: &Type) -> Result<Value, String> {
    let value = walk(events, Pass::Value)?;
    convert(&value, ty).map_err(|e| e.message)
}
