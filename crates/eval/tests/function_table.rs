//! The function table holds exactly OpenTofu's built-in functions
//! (`internal/lang/functions.go`), each also as `core::NAME`.

use tofu_eval::FunctionTable;
use tofu_eval::functions::TableKind;

const OPENTOFU: &[&str] = &[
    "abs",
    "abspath",
    "alltrue",
    "anytrue",
    "assumeequal",
    "assumelistlength",
    "assumelistlengthmax",
    "assumelistlengthmin",
    "assumemaplength",
    "assumemaplengthmax",
    "assumemaplengthmin",
    "assumenotnull",
    "assumesetlength",
    "assumesetlengthmax",
    "assumesetlengthmin",
    "assumestringprefix",
    "basename",
    "base64decode",
    "base64encode",
    "base64gzip",
    "base64gunzip",
    "base64sha256",
    "base64sha512",
    "bcrypt",
    "can",
    "ceil",
    "chomp",
    "cidrcontains",
    "cidrhost",
    "cidrnetmask",
    "cidrsubnet",
    "cidrsubnets",
    "coalesce",
    "coalescelist",
    "compact",
    "concat",
    "contains",
    "convert",
    "csvdecode",
    "dirname",
    "distinct",
    "element",
    "endswith",
    "ephemeralasnull",
    "chunklist",
    "file",
    "fileexists",
    "fileset",
    "filebase64",
    "filebase64sha256",
    "filebase64sha512",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
    "flatten",
    "floor",
    "format",
    "formatdate",
    "formatlist",
    "indent",
    "index",
    "join",
    "jsondecode",
    "jsonencode",
    "keys",
    "length",
    "list",
    "log",
    "lookup",
    "lower",
    "map",
    "matchkeys",
    "max",
    "md5",
    "merge",
    "min",
    "one",
    "parseint",
    "pathexpand",
    "pow",
    "range",
    "regex",
    "regexall",
    "replace",
    "reverse",
    "rsadecrypt",
    "sensitive",
    "nonsensitive",
    "issensitive",
    "setintersection",
    "setproduct",
    "setsubtract",
    "setunion",
    "sha1",
    "sha256",
    "sha512",
    "signum",
    "slice",
    "sort",
    "split",
    "startswith",
    "strcontains",
    "strrev",
    "substr",
    "sum",
    "textdecodebase64",
    "textencodebase64",
    "timestamp",
    "timeadd",
    "timecmp",
    "title",
    "tostring",
    "tonumber",
    "tobool",
    "toset",
    "tolist",
    "tomap",
    "transpose",
    "trim",
    "trimprefix",
    "trimspace",
    "trimsuffix",
    "try",
    "upper",
    "urlencode",
    "urldecode",
    "uuid",
    "uuidv5",
    "values",
    "yamldecode",
    "yamlencode",
    "zipmap",
    "templatefile",
    "templatestring",
];

fn expected(extra: &str) -> Vec<String> {
    let mut names: Vec<String> = OPENTOFU
        .iter()
        .chain([&extra])
        .flat_map(|n| [n.to_string(), format!("core::{n}")])
        .collect();
    names.sort();
    names
}

#[test]
fn console_table_is_opentofus_with_type() {
    assert_eq!(OPENTOFU.len(), 135);
    let table = FunctionTable::builtin(TableKind::Console);
    let names: Vec<String> = table.names().map(str::to_owned).collect();
    assert_eq!(names, expected("type"));
}

#[test]
fn configuration_table_is_opentofus_with_plantimestamp() {
    let table = FunctionTable::builtin(TableKind::Configuration);
    let names: Vec<String> = table.names().map(str::to_owned).collect();
    assert_eq!(names, expected("plantimestamp"));
}
