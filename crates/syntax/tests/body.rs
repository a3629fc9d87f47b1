//! Tests of the syntax-independent body view: each case reads a native
//! and/or JSON file with an OpenTofu-like schema, recursively, and renders
//! what was found and every error with its range (`line,col-col`).

use expect_test::{Expect, expect};
use tofu_syntax::ast::AstNode;
use tofu_syntax::body::{
    AnyAttribute, AnyBlock, AnyBody, AttributeSchema as Attr, BlockSchema as Block, BodySchema,
    SourceText,
};
use tofu_syntax::{LineIndex, SourceKind, SyntaxError, TextRange, TextSize, parse_named};

/// How a body of some block type is read, as OpenTofu's loader does.
#[derive(Clone, Copy)]
enum Reading {
    Content(BodySchema<'static>),
    JustAttributes,
    /// A partial reading, then another reading of what remains.
    Partial(BodySchema<'static>, &'static Reading),
}

const FILE: BodySchema<'static> = BodySchema::new(
    &[],
    &[
        Block::new("terraform", &[]),
        Block::new("provider", &["name"]),
        Block::new("variable", &["name"]),
        Block::new("locals", &[]),
        Block::new("output", &["name"]),
        Block::new("module", &["name"]),
        Block::new("resource", &["type", "name"]),
        Block::new("data", &["type", "name"]),
    ],
);

const VARIABLE: BodySchema<'static> = BodySchema::new(
    &[
        Attr::optional("description"),
        Attr::optional("default"),
        Attr::optional("type"),
        Attr::optional("sensitive"),
        Attr::optional("nullable"),
    ],
    &[Block::new("validation", &[])],
);

const VALIDATION: BodySchema<'static> = BodySchema::new(
    &[Attr::required("condition"), Attr::required("error_message")],
    &[],
);

const OUTPUT: BodySchema<'static> = BodySchema::new(
    &[
        Attr::optional("description"),
        Attr::required("value"),
        Attr::optional("sensitive"),
        Attr::optional("depends_on"),
    ],
    &[Block::new("precondition", &[])],
);

const TERRAFORM: BodySchema<'static> = BodySchema::new(
    &[Attr::optional("required_version")],
    &[
        Block::new("required_providers", &[]),
        Block::new("backend", &["type"]),
    ],
);

const MODULE_META: BodySchema<'static> = BodySchema::new(
    &[
        Attr::required("source"),
        Attr::optional("version"),
        Attr::optional("count"),
        Attr::optional("for_each"),
        Attr::optional("depends_on"),
    ],
    &[],
);

const RESOURCE_META: BodySchema<'static> = BodySchema::new(
    &[
        Attr::optional("count"),
        Attr::optional("for_each"),
        Attr::optional("provider"),
        Attr::optional("depends_on"),
    ],
    &[
        Block::new("lifecycle", &[]),
        Block::new("connection", &[]),
        Block::new("provisioner", &["type"]),
    ],
);

/// What a provider's schema would make of the rest of a resource.
const INSTANCE: BodySchema<'static> = BodySchema::new(
    &[
        Attr::required("ami"),
        Attr::optional("instance_type"),
        Attr::optional("tags"),
    ],
    &[Block::new("ebs_block_device", &[])],
);

const LIFECYCLE: BodySchema<'static> = BodySchema::new(
    &[
        Attr::optional("create_before_destroy"),
        Attr::optional("ignore_changes"),
    ],
    &[
        Block::new("precondition", &[]),
        Block::new("postcondition", &[]),
    ],
);

fn reading(block_type: &str) -> Reading {
    match block_type {
        "variable" => Reading::Content(VARIABLE),
        "validation" | "precondition" | "postcondition" => Reading::Content(VALIDATION),
        "output" => Reading::Content(OUTPUT),
        "terraform" => Reading::Content(TERRAFORM),
        "module" => Reading::Partial(MODULE_META, &Reading::JustAttributes),
        "resource" | "data" => Reading::Partial(RESOURCE_META, &Reading::Content(INSTANCE)),
        "lifecycle" => Reading::Content(LIFECYCLE),
        _ => Reading::JustAttributes,
    }
}

struct Renderer<'a> {
    text: &'a str,
    source: SourceText<'a>,
    index: LineIndex,
    /// Ranges and errors are left out to compare the two syntaxes.
    detailed: bool,
    out: String,
}

impl Renderer<'_> {
    fn at(&self, range: TextRange) -> String {
        self.index.range_string(self.text, "", range)[1..].to_string()
    }

    fn line(&mut self, depth: usize, line: &str) {
        self.out.push_str(&"  ".repeat(depth));
        self.out.push_str(line);
        self.out.push('\n');
    }

    fn read(&mut self, body: &AnyBody, reading: Reading, depth: usize) {
        match reading {
            Reading::Content(schema) => {
                let (content, errors) = body.content(&schema, &self.source);
                self.contents(&content.attributes, &content.blocks, depth);
                self.errors(&errors, depth);
            }
            Reading::JustAttributes => {
                let (attributes, errors) = body.just_attributes(&self.source);
                self.contents(&attributes, &[], depth);
                self.errors(&errors, depth);
            }
            Reading::Partial(schema, then) => {
                let (content, remain, errors) = body.partial_content(&schema, &self.source);
                self.contents(&content.attributes, &content.blocks, depth);
                self.errors(&errors, depth);
                self.line(depth, "-- remain --");
                self.read(&remain, *then, depth);
            }
        }
    }

    fn contents(&mut self, attributes: &[AnyAttribute], blocks: &[AnyBlock], depth: usize) {
        for attr in attributes {
            let value = attr
                .expr
                .as_ref()
                .map_or("<missing>", |expr| &self.text[expr.range()]);
            let line = if self.detailed {
                let (name, range) = (self.at(attr.name_range), self.at(attr.range));
                format!("{} @{name} ({range}) = {value}", attr.name)
            } else {
                format!("{} = {value}", attr.name)
            };
            self.line(depth, &line);
        }
        for block in blocks {
            let mut line = block.type_name.clone();
            for label in &block.labels {
                line.push_str(&format!(" {label:?}"));
            }
            if self.detailed {
                line.push_str(&format!(" @{}", self.at(block.type_range)));
                for range in &block.label_ranges {
                    line.push_str(&format!(" @{}", self.at(*range)));
                }
                line.push_str(&format!(" def@{}", self.at(block.def_range)));
            }
            line.push_str(" {");
            self.line(depth, &line);
            self.read(&block.body, reading(&block.type_name), depth + 1);
            self.line(depth, "}");
        }
    }

    fn errors(&mut self, errors: &[SyntaxError], depth: usize) {
        if !self.detailed {
            assert_eq!(errors, &[], "{}", self.out);
            return;
        }
        for error in errors {
            let line = format!(
                "error @{}: {}: {}",
                self.at(error.range().unwrap()),
                error.summary,
                error.detail
            );
            self.line(depth, &line);
        }
    }
}

fn file_name(kind: SourceKind) -> &'static str {
    match kind {
        SourceKind::Native => "main.tf",
        SourceKind::Json => "main.tf.json",
    }
}

/// Reads the file's root body with `reading` and renders everything.
fn render_with(text: &str, kind: SourceKind, reading: Reading, detailed: bool) -> String {
    let name = file_name(kind);
    let parse = parse_named(text, kind, name);
    let mut renderer = Renderer {
        text,
        source: SourceText::new(text, name),
        index: LineIndex::new(text),
        detailed,
        out: String::new(),
    };
    for error in parse.errors() {
        let line = format!(
            "parse error @{}: {}: {}",
            renderer.at(error.range().unwrap()),
            error.summary,
            error.detail
        );
        renderer.line(0, &line);
    }
    renderer.read(&AnyBody::of_file(&parse), reading, 0);
    renderer.out
}

fn check_native(text: &str, expect: Expect) {
    expect.assert_eq(&render_with(
        text,
        SourceKind::Native,
        Reading::Content(FILE),
        true,
    ));
}

fn check_json(text: &str, expect: Expect) {
    expect.assert_eq(&render_with(
        text,
        SourceKind::Json,
        Reading::Content(FILE),
        true,
    ));
}

/// The same configuration in both syntaxes reads the same, without errors.
fn check_same(native: &str, json: &str, expect: Expect) {
    let from_native = render_with(native, SourceKind::Native, Reading::Content(FILE), false);
    let from_json = render_with(json, SourceKind::Json, Reading::Content(FILE), false);
    assert_eq!(from_native, from_json, "native and JSON differ");
    expect.assert_eq(&from_native);
}

#[test]
fn native_file() {
    check_native(
        r#"# A small configuration.
terraform {
  required_version = ">= 1.6"
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}

variable "region" {
  type    = string
  default = "eu-west-1"
  validation {
    condition     = length(var.region) > 0
    error_message = "Empty."
  }
}

locals {
  name = "web-${var.region}"
  tags = { Name = local.name }
}

resource "aws_instance" "web" {
  count         = 2
  ami           = "ami-123"
  instance_type = "t3.micro"
  lifecycle { create_before_destroy = true }
  ebs_block_device {
    size = 10
  }
}

module "net" {
  source = "./net"
  cidr   = "10.0.0.0/16"
}

output "ip" {
  value = aws_instance.web[0].private_ip
}
"#,
        expect![[r#"
            terraform @2,1-10 def@2,1-10 {
              required_version @3,3-19 (3,3-30) = ">= 1.6"
              required_providers @4,3-21 def@4,3-21 {
                aws @5,5-8 (5,5-39) = { source = "hashicorp/aws" }
              }
            }
            variable "region" @9,1-9 @9,10-18 def@9,1-18 {
              type @10,3-7 (10,3-19) = string
              default @11,3-10 (11,3-24) = "eu-west-1"
              validation @12,3-13 def@12,3-13 {
                condition @13,5-14 (13,5-43) = length(var.region) > 0
                error_message @14,5-18 (14,5-29) = "Empty."
              }
            }
            locals @18,1-7 def@18,1-7 {
              name @19,3-7 (19,3-29) = "web-${var.region}"
              tags @20,3-7 (20,3-31) = { Name = local.name }
            }
            resource "aws_instance" "web" @23,1-9 @23,10-24 @23,25-30 def@23,1-30 {
              count @24,3-8 (24,3-20) = 2
              lifecycle @27,3-12 def@27,3-12 {
                create_before_destroy @27,15-36 (27,15-43) = true
              }
              -- remain --
              ami @25,3-6 (25,3-28) = "ami-123"
              instance_type @26,3-16 (26,3-29) = "t3.micro"
              ebs_block_device @28,3-19 def@28,3-19 {
                size @29,5-9 (29,5-14) = 10
              }
            }
            module "net" @33,1-7 @33,8-13 def@33,1-13 {
              source @34,3-9 (34,3-19) = "./net"
              -- remain --
              cidr @35,3-7 (35,3-25) = "10.0.0.0/16"
            }
            output "ip" @38,1-7 @38,8-12 def@38,1-12 {
              value @39,3-8 (39,3-41) = aws_instance.web[0].private_ip
            }
        "#]],
    );
}

#[test]
fn json_file() {
    check_json(
        r#"{
  "//": "A small configuration.",
  "terraform": {
    "required_version": ">= 1.6",
    "required_providers": {"aws": {"source": "hashicorp/aws"}}
  },
  "variable": {
    "region": {
      "type": "string",
      "default": "eu-west-1",
      "validation": {"condition": "${length(var.region) > 0}", "error_message": "Empty."}
    }
  },
  "locals": {"name": "web-${var.region}", "tags": {"Name": "${local.name}"}},
  "resource": {
    "aws_instance": {
      "web": {
        "count": 2,
        "ami": "ami-123",
        "instance_type": "t3.micro",
        "lifecycle": {"create_before_destroy": true},
        "ebs_block_device": [{"size": 10}]
      }
    }
  },
  "module": {"net": {"source": "./net", "cidr": "10.0.0.0/16"}},
  "output": {"ip": {"value": "${aws_instance.web[0].private_ip}"}}
}
"#,
        expect![[r#"
            terraform @3,3-14 def@3,16-17 {
              required_version @4,5-23 (4,5-33) = ">= 1.6"
              required_providers @5,5-25 def@5,27-28 {
                aws @5,28-33 (5,28-62) = {"source": "hashicorp/aws"}
              }
            }
            variable "region" @7,3-13 @8,5-13 def@8,15-16 {
              type @9,7-13 (9,7-23) = "string"
              default @10,7-16 (10,7-29) = "eu-west-1"
              validation @11,7-19 def@11,21-22 {
                condition @11,22-33 (11,22-62) = "${length(var.region) > 0}"
                error_message @11,64-79 (11,64-89) = "Empty."
              }
            }
            locals @14,3-11 def@14,13-14 {
              name @14,14-20 (14,14-41) = "web-${var.region}"
              tags @14,43-49 (14,43-76) = {"Name": "${local.name}"}
            }
            resource "aws_instance" "web" @15,3-13 @16,5-19 @17,7-12 def@17,14-15 {
              count @18,9-16 (18,9-19) = 2
              lifecycle @21,9-20 def@21,22-23 {
                create_before_destroy @21,23-46 (21,23-52) = true
              }
              -- remain --
              ami @19,9-14 (19,9-25) = "ami-123"
              instance_type @20,9-24 (20,9-36) = "t3.micro"
              ebs_block_device @22,9-27 def@22,29-30 {
                size @22,31-37 (22,31-41) = 10
              }
            }
            module "net" @26,3-11 @26,14-19 def@26,21-22 {
              source @26,22-30 (26,22-39) = "./net"
              -- remain --
              cidr @26,41-47 (26,41-62) = "10.0.0.0/16"
            }
            output "ip" @27,3-11 @27,14-18 def@27,20-21 {
              value @27,21-28 (27,21-65) = "${aws_instance.web[0].private_ip}"
            }
        "#]],
    );
}

#[test]
fn same_configuration_in_both_syntaxes() {
    check_same(
        r#"
variable "a" {
  default = "x"
}
variable "b" {
  type = "number"
}
resource "t" "one" {
  ami = "1"
  count = 2
  provisioner "local-exec" {
    command = "echo"
  }
  ebs_block_device {
    size = 1
  }
  ebs_block_device {
    size = 2
  }
}
resource "t" "two" {
  ami = "2"
}
locals {
  x = [1, 2]
  y = true
}
"#,
        r#"{
  "variable": {"a": {"default": "x"}, "b": {"type": "number"}},
  "resource": {
    "t": {
      "one": {
        "ami": "1",
        "count": 2,
        "provisioner": {"local-exec": {"command": "echo"}},
        "ebs_block_device": [{"size": 1}, {"size": 2}]
      },
      "two": {"ami": "2"}
    }
  },
  "locals": {"x": [1, 2], "y": true}
}"#,
        expect![[r#"
            variable "a" {
              default = "x"
            }
            variable "b" {
              type = "number"
            }
            resource "t" "one" {
              count = 2
              provisioner "local-exec" {
                command = "echo"
              }
              -- remain --
              ami = "1"
              ebs_block_device {
                size = 1
              }
              ebs_block_device {
                size = 2
              }
            }
            resource "t" "two" {
              -- remain --
              ami = "2"
            }
            locals {
              x = [1, 2]
              y = true
            }
        "#]],
    );
    // Bodies split over arrays, and blocks of one type spread over several
    // properties and label objects, read as one.
    check_same(
        r#"
variable "a" {
  default = "x"
}
variable "b" {
}
variable "c" {
  type = "string"
}
output "o" {
  value = "v"
  description = "d"
}
"#,
        r#"[
  {"variable": [{"a": {"default": "x"}}, {"b": {}}]},
  {"variable": {"c": [{"type": "string"}]}},
  {"output": {"o": [{"value": "v", "description": "d"}]}},
  {"//": "comments can go anywhere in a body"}
]"#,
        expect![[r#"
            variable "a" {
              default = "x"
            }
            variable "b" {
            }
            variable "c" {
              type = "string"
            }
            output "o" {
              value = "v"
              description = "d"
            }
        "#]],
    );
}

#[test]
fn json_block_shapes() {
    // A block is an object, an array of bodies, or null for none at all.
    check_json(
        r#"{
  "locals": [{"a": 1}, {"b": 2}],
  "terraform": null,
  "variable": {"x": null, "y": [{"default": 1}, {"default": 2}]},
  "resource": {"t": [{"a": {"ami": "1"}}, {"b": {"ami": "2"}}]}
}"#,
        expect![[r#"
            locals @2,3-11 def@2,13-14 {
              a @2,15-18 (2,15-21) = 1
            }
            locals @2,3-11 def@2,13-14 {
              b @2,25-28 (2,25-31) = 2
            }
            variable "y" @4,3-13 @4,27-30 def@4,32-33 {
              default @4,34-43 (4,34-46) = 1
            }
            variable "y" @4,3-13 @4,27-30 def@4,32-33 {
              default @4,50-59 (4,50-62) = 2
            }
            resource "t" "a" @5,3-13 @5,16-19 @5,23-26 def@5,28-29 {
              -- remain --
              ami @5,29-34 (5,29-39) = "1"
            }
            resource "t" "b" @5,3-13 @5,16-19 @5,44-47 def@5,49-50 {
              -- remain --
              ami @5,50-55 (5,50-60) = "2"
            }
        "#]],
    );
}

#[test]
fn json_incorrect_types() {
    check_json(
        r#"{
  "locals": 1,
  "terraform": [1],
  "variable": "x",
  "output": [null],
  "provider": {},
  "module": null,
  "resource": {"t": 1, "u": [true], "v": {}, "w": {"n": "body"}},
  "data": {"t": {"n": [1]}}
}"#,
        expect![[r#"
            terraform @3,3-14 def@3,16-17 {
              error @3,17-18: Incorrect JSON value type: Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.
              error @3,17-18: Incorrect JSON value type: Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.
            }
            data "t" "n" @9,3-9 @9,12-15 @9,18-21 def@9,23-24 {
              error @9,24-25: Incorrect JSON value type: Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.
              -- remain --
              error @9,24-25: Incorrect JSON value type: Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.
              error @9,24-25: Missing required argument: The argument "ami" is required, but no definition was found.
              error @9,24-25: Incorrect JSON value type: Either a JSON object or JSON array of objects is required here, to define arguments and child blocks.
            }
            error @2,13-14: Incorrect JSON value type: Either a JSON object or a JSON array is required, representing the contents of one or more "locals" blocks.
            error @4,15-18: Incorrect JSON value type: Either a JSON object or JSON array of objects is required here, to specify name labels for this block.
            error @4,15-18: Missing block label: At least one object property is required, whose name represents the variable block's name.
            error @5,14-18: Incorrect JSON value type: A JSON object is required here, to specify name labels for this block.
            error @5,13-14: Missing block label: At least one object property is required, whose name represents the output block's name.
            error @6,15-16: Missing block label: At least one object property is required, whose name represents the provider block's name.
            error @7,13-17: Missing block label: At least one object property is required, whose name represents the module block's name.
            error @8,21-22: Incorrect JSON value type: Either a JSON object or JSON array of objects is required here, to specify name labels for this block.
            error @8,21-22: Missing block label: At least one object property is required, whose name represents the resource block's name.
            error @8,30-34: Incorrect JSON value type: A JSON object is required here, to specify name labels for this block.
            error @8,29-30: Missing block label: At least one object property is required, whose name represents the resource block's name.
            error @8,42-43: Missing block label: At least one object property is required, whose name represents the resource block's name.
            error @8,57-63: Incorrect JSON value type: Either a JSON object or a JSON array is required, representing the contents of one or more "resource" blocks.
        "#]],
    );
}

#[test]
fn json_root_shapes() {
    // Elements of a root array that are not objects are reported by both
    // readings `content` makes, as in HCL.
    check_json(
        r#"[{"locals": {"a": 1}}, 1, null]"#,
        expect![[r#"
        locals @1,3-11 def@1,13-14 {
          a @1,14-17 (1,14-20) = 1
        }
        error @1,24-25: Incorrect JSON value type: A JSON object is required here, to define arguments and child blocks.
        error @1,27-31: Incorrect JSON value type: A JSON object is required here, to define arguments and child blocks.
        error @1,24-25: Incorrect JSON value type: A JSON object is required here, to define arguments and child blocks.
        error @1,27-31: Incorrect JSON value type: A JSON object is required here, to define arguments and child blocks.
    "#]],
    );
    // A root that is no body at all is an error of the parser only; a
    // broken one is read as far as the parser kept it.
    check_json(
        r#""config""#,
        expect![[r#"
        parse error @1,1-9: Root value must be object: The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.
    "#]],
    );
    check_json(
        r#"{"locals": {"a": 1},}"#,
        expect![[r#"
        parse error @1,20-21: Trailing comma in object: JSON does not permit a trailing comma after the final property in an object.
        parse error @1,1-2: Root value must be object: The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.
        locals @1,2-10 def@1,12-13 {
          a @1,13-16 (1,13-19) = 1
        }
    "#]],
    );
}

#[test]
fn json_comments() {
    // `"//"` is ignored in bodies only; at a label level it is a label.
    check_json(
        r#"{
  "//": "file comment",
  "locals": {"//": "not a local", "a": 1},
  "variable": {"//": {"default": 1}},
  "output": {"o": {"//": "output comment", "value": 1}}
}"#,
        expect![[r#"
            locals @3,3-11 def@3,13-14 {
              a @3,35-38 (3,35-41) = 1
            }
            variable "//" @4,3-13 @4,16-20 def@4,22-23 {
              default @4,23-32 (4,23-35) = 1
            }
            output "o" @5,3-11 @5,14-17 def@5,19-20 {
              value @5,44-51 (5,44-54) = 1
            }
        "#]],
    );
}

#[test]
fn json_duplicates() {
    check_json(
        r#"{
  "output": {"o": {"value": 1, "value": 2}},
  "locals": {"a": 1, "a": {"b": 2}},
  "variable": {"v": [{"default": 1}, {"default": [2]}]}
}"#,
        expect![[r#"
            output "o" @2,3-11 @2,14-17 def@2,19-20 {
              value @2,20-27 (2,20-30) = 1
              error @2,32-39: Duplicate argument: The argument "value" was already set at main.tf.json:2,20-30.
            }
            locals @3,3-11 def@3,13-14 {
              a @3,14-17 (3,14-20) = 1
              error @3,22-25: Duplicate attribute definition: The argument "a" was already set at main.tf.json:3,14-20.
            }
            variable "v" @4,3-13 @4,16-19 def@4,21-22 {
              default @4,23-32 (4,23-35) = 1
            }
            variable "v" @4,3-13 @4,16-19 def@4,21-22 {
              default @4,39-48 (4,39-53) = [2]
            }
        "#]],
    );
}

#[test]
fn json_extraneous_properties() {
    check_json(
        r#"{
  "varible": {},
  "resources": {},
  "something": 1,
  "output": {"o": {"value": 1, "valeu": 2, "descripton": "d"}},
  "variable": {"v": {"validations": {}, "defualt": 1}}
}"#,
        expect![[r#"
            output "o" @5,3-11 @5,14-17 def@5,19-20 {
              value @5,20-27 (5,20-30) = 1
              error @5,32-39: Extraneous JSON object property: No argument or block type is named "valeu".
              error @5,44-56: Extraneous JSON object property: No argument or block type is named "descripton". Did you mean "description"?
            }
            variable "v" @6,3-13 @6,16-19 def@6,21-22 {
              error @6,22-35: Extraneous JSON object property: No argument or block type is named "validations". Did you mean "validation"?
              error @6,41-50: Extraneous JSON object property: No argument or block type is named "defualt". Did you mean "default"?
            }
            error @2,3-12: Extraneous JSON object property: No argument or block type is named "varible". Did you mean "variable"?
            error @3,3-14: Extraneous JSON object property: No argument or block type is named "resources". Did you mean "resource"?
            error @4,3-14: Extraneous JSON object property: No argument or block type is named "something".
        "#]],
    );
}

#[test]
fn json_missing_items() {
    // Missing arguments are reported at the closing brace of an object
    // body and the opening bracket of an array body.
    check_json(
        r#"{
  "output": {"a": {}, "b": [{"description": "d"}]},
  "variable": {"v": {"validation": [{}, [{"condition": true}]]}}
}"#,
        expect![[r#"
            output "a" @2,3-11 @2,14-17 def@2,19-20 {
              error @2,20-21: Missing required argument: The argument "value" is required, but no definition was found.
            }
            output "b" @2,3-11 @2,23-26 def@2,28-29 {
              description @2,30-43 (2,30-48) = "d"
              error @2,48-49: Missing required argument: The argument "value" is required, but no definition was found.
            }
            variable "v" @3,3-13 @3,16-19 def@3,21-22 {
              validation @3,22-34 def@3,36-37 {
                error @3,38-39: Missing required argument: The argument "condition" is required, but no definition was found.
                error @3,38-39: Missing required argument: The argument "error_message" is required, but no definition was found.
              }
              validation @3,22-34 def@3,36-37 {
                condition @3,43-54 (3,43-60) = true
                error @3,41-42: Missing required argument: The argument "error_message" is required, but no definition was found.
              }
            }
        "#]],
    );
    check_json(
        r#"{"output": {}, "resource": {"t": []}, "variable": {"v": {"validation": []}}}"#,
        expect![[r#"
        variable "v" @1,39-49 @1,52-55 def@1,57-58 {
        }
        error @1,12-13: Missing block label: At least one object property is required, whose name represents the output block's name.
        error @1,34-35: Missing block label: At least one object property is required, whose name represents the resource block's name.
    "#]],
    );
}

#[test]
fn native_labels() {
    check_native(
        r#"
variable {}
variable "a" "b" {}
locals "x" {
  y = 1
}
resource "t" {}
resource t "n" "extra" {}
output o {
  value = 1
}
"#,
        expect![[r#"
            output "o" @9,1-7 @9,8-9 def@9,1-9 {
              value @10,3-8 (10,3-12) = 1
            }
            error @2,10-11: Missing name for variable: All variable blocks must have 1 labels (name).
            error @3,14-17: Extraneous label for variable: Only 1 labels (name) are expected for variable blocks.
            error @4,8-11: Extraneous label for locals: No labels are expected for locals blocks.
            error @7,14-15: Missing name for resource: All resource blocks must have 2 labels (type, name).
            error @8,16-23: Extraneous label for resource: Only 2 labels (type, name) are expected for resource blocks.
        "#]],
    );
}

#[test]
fn native_unsupported_items() {
    check_native(
        r#"
varaible "x" {}
variable = 1
foo = 1
resources "t" "n" {}
variable "v" {
  descriptoin = "d"
  validation = {}
  default {}
  nothing {}
}
output "o" {
  value = 1
  valeu = 2
}
"#,
        expect![[r#"
            variable "v" @6,1-9 @6,10-13 def@6,1-13 {
              error @7,3-14: Unsupported argument: An argument named "descriptoin" is not expected here. Did you mean "description"?
              error @8,3-13: Unsupported argument: An argument named "validation" is not expected here. Did you mean to define a block of type "validation"?
              error @9,3-10: Unsupported block type: Blocks of type "default" are not expected here. Did you mean to define argument "default"? If so, use the equals sign to assign it a value.
              error @10,3-10: Unsupported block type: Blocks of type "nothing" are not expected here.
            }
            output "o" @12,1-7 @12,8-11 def@12,1-11 {
              value @13,3-8 (13,3-12) = 1
              error @14,3-8: Unsupported argument: An argument named "valeu" is not expected here.
            }
            error @3,1-9: Unsupported argument: An argument named "variable" is not expected here. Did you mean to define a block of type "variable"?
            error @4,1-4: Unsupported argument: An argument named "foo" is not expected here.
            error @2,1-9: Unsupported block type: Blocks of type "varaible" are not expected here. Did you mean "variable"?
            error @5,1-10: Unsupported block type: Blocks of type "resources" are not expected here. Did you mean "resource"?
        "#]],
    );
}

#[test]
fn native_duplicates_keep_the_first() {
    check_native(
        r#"
output "o" {
  value = 1
  value = 2
}
locals {
  a = 1
  a = 2
}
"#,
        expect![[r#"
            parse error @4,3-8: Attribute redefined: The argument "value" was already set at main.tf:3,3-8. Each argument may be set only once.
            parse error @8,3-4: Attribute redefined: The argument "a" was already set at main.tf:7,3-4. Each argument may be set only once.
            output "o" @2,1-7 @2,8-11 def@2,1-11 {
              value @3,3-8 (3,3-12) = 1
            }
            locals @6,1-7 def@6,1-7 {
              a @7,3-4 (7,3-8) = 1
            }
        "#]],
    );
}

#[test]
fn native_missing_items() {
    // Missing arguments are reported at the start of the body: the opening
    // brace, or the argument of a single-line block.
    check_native(
        r#"
output "a" {
}
output "b" { description = "d" }
variable "v" {
  validation {}
  validation { condition = true }
}
"#,
        expect![[r#"
            output "a" @2,1-7 @2,8-11 def@2,1-11 {
              error @2,12-12: Missing required argument: The argument "value" is required, but no definition was found.
            }
            output "b" @4,1-7 @4,8-11 def@4,1-11 {
              description @4,14-25 (4,14-31) = "d"
              error @4,14-14: Missing required argument: The argument "value" is required, but no definition was found.
            }
            variable "v" @5,1-9 @5,10-13 def@5,1-13 {
              validation @6,3-13 def@6,3-13 {
                error @6,14-14: Missing required argument: The argument "condition" is required, but no definition was found.
                error @6,14-14: Missing required argument: The argument "error_message" is required, but no definition was found.
              }
              validation @7,3-13 def@7,3-13 {
                condition @7,16-25 (7,16-32) = true
                error @7,16-16: Missing required argument: The argument "error_message" is required, but no definition was found.
              }
            }
        "#]],
    );
    // A broken header leaves an empty body at the block type.
    check_native(
        "output \"c\"\n{\n}\n",
        expect![[r#"
        parse error @1,11-2,1: Invalid block definition: A block definition must have block content delimited by "{" and "}", starting on the same line as the block header.
        output "c" @1,1-7 @1,8-11 def@1,1-11 {
          error @1,1-1: Missing required argument: The argument "value" is required, but no definition was found.
        }
    "#]],
    );
}

#[test]
fn native_root_missing_item_range() {
    const SCHEMA: BodySchema<'static> = BodySchema::new(&[Attr::required("needed")], &[]);
    let schema = SCHEMA;
    let root = |text: &str| render_with(text, SourceKind::Native, Reading::Content(schema), true);
    expect![[r#"
        error @1,1-1: Missing required argument: The argument "needed" is required, but no definition was found.
        error @3,1-4: Unsupported argument: An argument named "foo" is not expected here.
    "#]].assert_eq(&root("# comment\n\nfoo = 1\n"));
    expect![[r#"
        error @1,11-11: Missing required argument: The argument "needed" is required, but no definition was found.
        error @1,11-14: Unsupported argument: An argument named "foo" is not expected here.
    "#]].assert_eq(&root("\u{feff}  /* c */ foo = 1\n"));
    expect![[r#"
        error @1,15-15: Missing required argument: The argument "needed" is required, but no definition was found.
    "#]].assert_eq(&root("  # no newline"));
    expect![[r#"
        error @1,1-1: Missing required argument: The argument "needed" is required, but no definition was found.
    "#]].assert_eq(&root(""));
    let json = |text: &str| render_with(text, SourceKind::Json, Reading::Content(schema), true);
    expect![[r#"
        error @2,1-2: Missing required argument: The argument "needed" is required, but no definition was found.
    "#]].assert_eq(&json("  {\n}\n"));
    expect![[r#"
        error @1,2-3: Missing required argument: The argument "needed" is required, but no definition was found.
    "#]].assert_eq(&json(" [ ]"));
    expect![[r#"
        parse error @1,1-2: Root value must be object: The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.
        error @1,1-1: Missing required argument: The argument "needed" is required, but no definition was found.
    "#]].assert_eq(&json("1"));
}

#[test]
fn partial_content_hides_what_it_consumed() {
    // The provider schema reading what the meta-arguments left reports
    // only the leftovers; `count` was consumed and is not extraneous.
    check_native(
        r#"
resource "t" "n" {
  count = 1
  instance_typo = "x"
  lifecycle {}
  lifecycle {}
  provisioner {}
  ebs_block_devic {}
}
"#,
        expect![[r#"
            resource "t" "n" @2,1-9 @2,10-13 @2,14-17 def@2,1-17 {
              count @3,3-8 (3,3-12) = 1
              lifecycle @5,3-12 def@5,3-12 {
              }
              lifecycle @6,3-12 def@6,3-12 {
              }
              error @7,15-16: Missing type for provisioner: All provisioner blocks must have 1 labels (type).
              -- remain --
              error @2,18-18: Missing required argument: The argument "ami" is required, but no definition was found.
              error @4,3-16: Unsupported argument: An argument named "instance_typo" is not expected here. Did you mean "instance_type"?
              error @8,3-18: Unsupported block type: Blocks of type "ebs_block_devic" are not expected here. Did you mean "ebs_block_device"?
            }
        "#]],
    );
    check_json(
        r#"{"resource": {"t": {"n": {
  "count": 1,
  "instance_typo": "x",
  "lifecycle": [{}, {}],
  "provisioner": {},
  "ebs_block_devic": {}
}}}}"#,
        expect![[r#"
            resource "t" "n" @1,2-12 @1,15-18 @1,21-24 def@1,26-27 {
              count @2,3-10 (2,3-13) = 1
              lifecycle @4,3-14 def@4,16-17 {
              }
              lifecycle @4,3-14 def@4,16-17 {
              }
              error @5,18-19: Missing block label: At least one object property is required, whose name represents the provisioner block's type.
              -- remain --
              error @7,1-2: Missing required argument: The argument "ami" is required, but no definition was found.
              error @3,3-18: Extraneous JSON object property: No argument or block type is named "instance_typo". Did you mean "instance_type"?
              error @6,3-20: Extraneous JSON object property: No argument or block type is named "ebs_block_devic". Did you mean "ebs_block_device"?
            }
        "#]],
    );
}

#[test]
fn partial_content_twice() {
    // A second partial reading with the same schema finds nothing: every
    // name the first covered is hidden, and required ones are missing.
    const SCHEMA: BodySchema<'static> = BodySchema::new(
        &[Attr::required("a"), Attr::optional("b")],
        &[Block::new("c", &[])],
    );
    const TWICE: Reading =
        Reading::Partial(SCHEMA, &Reading::Partial(SCHEMA, &Reading::JustAttributes));
    let twice = TWICE;
    let native = "a = 1\nb = 2\nc {}\nd = 4\n";
    expect![[r#"
        a @1,1-2 (1,1-6) = 1
        b @2,1-2 (2,1-6) = 2
        c @3,1-2 def@3,1-2 {
        }
        -- remain --
        error @1,1-1: Missing required argument: The argument "a" is required, but no definition was found.
        -- remain --
        d @4,1-2 (4,1-6) = 4
        error @3,1-2: Unexpected "c" block: Blocks are not allowed here.
    "#]].assert_eq(&render_with(native, SourceKind::Native, twice, true));
    let json = r#"{"a": 1, "b": 2, "c": {}, "d": 4}"#;
    expect![[r#"
        a @1,2-5 (1,2-8) = 1
        b @1,10-13 (1,10-16) = 2
        c @1,18-21 def@1,23-24 {
        }
        -- remain --
        error @1,33-34: Missing required argument: The argument "a" is required, but no definition was found.
        -- remain --
        d @1,27-30 (1,27-33) = 4
    "#]].assert_eq(&render_with(json, SourceKind::Json, twice, true));
}

#[test]
fn just_attributes() {
    let tfvars = |text: &str, kind| render_with(text, kind, Reading::JustAttributes, true);
    expect![[r#"
        parse error @3,1-7: Attribute redefined: The argument "region" was already set at main.tf:1,1-7. Each argument may be set only once.
        region @1,1-7 (1,1-14) = "eu"
        zones @2,1-6 (2,1-19) = ["a", "b"]
        later @7,1-6 (7,1-10) = 1
        error @4,1-7: Unexpected "nested" block: Blocks are not allowed here.
    "#]].assert_eq(&tfvars(
        "region = \"eu\"\nzones = [\"a\", \"b\"]\nregion = \"us\"\nnested {\n  a = 1\n}\nlater = 1\n",
        SourceKind::Native,
    ));
    expect![[r#"
        region @1,16-24 (1,16-30) = "eu"
        zones @1,32-39 (1,32-51) = ["a", "b"]
        nested @1,69-77 (1,69-87) = {"a": 1}
        error @1,53-61: Duplicate attribute definition: The argument "region" was already set at main.tf.json:1,16-30.
    "#]].assert_eq(&tfvars(
        r#"{"//": "vars", "region": "eu", "zones": ["a", "b"], "region": "us", "nested": {"a": 1}}"#,
        SourceKind::Json,
    ));
    // Unlike other readings, an array of objects is not a body here.
    expect![[r#"
        error @1,1-2: Incorrect JSON value type: A JSON object is required here, setting the arguments for this block.
    "#]].assert_eq(&tfvars(r#"[{"region": "eu"}]"#, SourceKind::Json));
    check_native(
        "locals {\n  a = 1\n  b {\n  }\n  c {}\n}\n",
        expect![[r#"
        locals @1,1-7 def@1,1-7 {
          a @2,3-4 (2,3-8) = 1
          error @3,3-4: Unexpected "b" block: Blocks are not allowed here.
        }
    "#]],
    );
}

#[test]
fn names_are_quoted_as_in_go() {
    check_json(
        r#"{"e\u0301\t\"x": 1, "locals": {"a": 1, "a": 2}}"#,
        expect![[r#"
        locals @1,21-29 def@1,31-32 {
          a @1,32-35 (1,32-38) = 1
          error @1,40-43: Duplicate attribute definition: The argument "a" was already set at main.tf.json:1,32-38.
        }
        error @1,2-16: Extraneous JSON object property: No argument or block type is named "é\t\"x".
    "#]],
    );
}

mod properties {
    //! Reading any file, however broken, terminates without panicking and
    //! reports errors within the text.

    use proptest::prelude::*;

    use super::*;

    const SEEDS: &[(&str, SourceKind)] = &[
        (
            "variable \"v\" {\n  default = 1\n  validation { condition = true }\n}\nresource \"t\" \"n\" {\n  count = 1\n  lifecycle {}\n}\nlocals {\n  a = [1]\n}\n",
            SourceKind::Native,
        ),
        (
            r#"[{"variable": {"v": {"default": 1, "validation": [{"condition": true}]}}}, {"resource": {"t": {"n": [{"count": 1, "lifecycle": null}]}}, "locals": {"a": [1]}, "//": 1}]"#,
            SourceKind::Json,
        ),
    ];

    fn check(text: &str, kind: SourceKind) {
        let parse = parse_named(text, kind, "f");
        let source = SourceText::new(text, "f");
        let len = TextSize::of(text);
        let mut bodies = vec![(AnyBody::of_file(&parse), "")];
        let mut steps = 0;
        while let Some((body, block_type)) = bodies.pop() {
            steps += 1;
            assert!(steps < 10_000);
            let (content, errors) = match reading(block_type) {
                _ if block_type.is_empty() => body.content(&FILE, &source),
                Reading::Content(schema) => body.content(&schema, &source),
                Reading::Partial(schema, _) => {
                    let (content, remain, mut errors) = body.partial_content(&schema, &source);
                    errors.extend(remain.content(&INSTANCE, &source).1);
                    (content, errors)
                }
                Reading::JustAttributes => {
                    let (attributes, errors) = body.just_attributes(&source);
                    assert!(attributes.iter().all(|it| it.range.end() <= len));
                    assert!(errors.iter().all(|it| it.range().unwrap().end() <= len));
                    continue;
                }
            };
            assert!(body.missing_item_range().end() <= len);
            for error in &errors {
                assert!(error.range().unwrap().end() <= len, "{error:?}");
            }
            for attr in &content.attributes {
                assert!(attr.range.contains_range(attr.name_range), "{attr:?}");
                if let Some(expr) = &attr.expr {
                    assert!(expr.range().end() <= len);
                }
            }
            for block in content.blocks {
                let block_type = FILE
                    .blocks
                    .iter()
                    .chain(VARIABLE.blocks)
                    .chain(RESOURCE_META.blocks)
                    .find(|it| it.type_name == block.type_name)
                    .map_or("", |it| it.type_name);
                assert_eq!(block.labels.len(), block.label_ranges.len());
                bodies.push((block.body, block_type));
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn mutated_seeds(
            seed in prop::sample::select(SEEDS),
            at in 0usize..200,
            cut in 0usize..30,
            insert in prop::sample::select(vec!["", "{", "}", "[", "]", "\"", ",", ":", "=", "\n", "null", "1", "x", "//", "\"//\": 1,"]),
        ) {
            let (seed, kind) = seed;
            let mut text = seed.to_string();
            let at = at.min(text.len());
            let end = (at + cut).min(text.len());
            text.replace_range(at..end, insert);
            check(&text, kind);
        }
    }
}

/// A block's body is found again by its pointer in the same tree, in both
/// syntaxes and for a broken header's empty body, and not in another tree.
#[test]
fn body_pointers_find_the_same_body() {
    for (name, text) in [
        (
            "main.tf",
            "resource \"a\" \"b\" {\n  x = 1\n}\nvariable \"v\" {}\n",
        ),
        (
            "main.tf.json",
            r#"{"resource": {"a": {"b": [{"x": 1}, {"y": 2}]}}, "variable": {"v": {}}}"#,
        ),
        ("broken.tf", "resource \"a\" \"b\"\nvariable \"v\" {}\n"),
    ] {
        let parse = parse_named(text, SourceKind::from_file_name(name), name);
        let source = SourceText::new(text, name);
        let (content, _, _) = AnyBody::of_file(&parse).partial_content(&FILE, &source);
        assert!(!content.blocks.is_empty(), "{name}");
        let root = parse.syntax();
        for block in &content.blocks {
            let found = block.body.ptr().to_body(&root).expect("found again");
            assert_eq!(found, block.body, "{name}");
            let range = match (block.body.as_native(), block.body.as_json()) {
                (Some(body), _) => body.syntax().text_range(),
                (_, Some(value)) => value.text_range(),
                _ => block.body.missing_item_range(),
            };
            assert_eq!(block.body.ptr().text_range(), range, "{name}");
            let (attributes, _) = block.body.just_attributes(&source);
            for attribute in attributes {
                let expr = attribute.expr.expect("an expression");
                assert_eq!(expr.ptr().to_expr(&root), Some(expr), "{name}");
            }
        }
        let other = parse_named("# nothing\n", SourceKind::Native, "other.tf").syntax();
        let native = content.blocks.iter().find(|b| b.body.as_native().is_some());
        if let Some(block) = native {
            assert_eq!(block.body.ptr().to_body(&other), None, "{name}");
        }
    }
}
