//! Override files (`override.tf`, `*_override.tf`, their `.tofu` and JSON
//! forms): what OpenTofu reports while it merges them, file by file in
//! name order, into the configuration of the primary files
//! (`Module.mergeFile` and the `merge` methods of `module_merge.go`).
//!
//! It is a check over the files' models ([`crate::config::file_model`]):
//! each override file's own decoding diagnostics come from
//! [`crate::config::file_config_diagnostics`]; this query adds only what merging
//! finds: blocks with nothing to override, blocks that may not be
//! overridden, and overrides that leave a variable's default invalid.
//! It also keeps what the merge changes that evaluation reads
//! ([`Overrides`]): merged variables, overriding locals and blocks.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use tofu_diagnostics::Code;
use tofu_eval::typeexpr::TypeConstraint;
use tofu_syntax::quote::go_quote;
use tofu_types::Value;
use tofu_types::defaults::convert_with_defaults;

use crate::config::model::{
    BlockItem, BlockType, FileModel, ItemBody, Span, VariableDecl, VariableItem,
};
use crate::config::{file_model, file_source_map};
use crate::declarations::{DeclKind, Declaration, file_declarations};
use crate::diagnostics::Diagnostic;
use crate::input::{ModuleDir, SourceFile};

/// What merging the module's override files into its primary files
/// reports, in OpenTofu's order: file by file, and within a file by kind
/// of block as `mergeFile` visits them.
pub fn module_override_diagnostics(
    db: &dyn salsa::Database,
    module: ModuleDir,
) -> &Vec<Diagnostic> {
    &module_overrides(db, module).diagnostics
}

/// The module's override files merged into its primary files: what the
/// merge reports, and what it changes that evaluation reads (the
/// variables' types, defaults and nullability; the locals' expressions;
/// the arguments of outputs, module calls and resources).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Overrides {
    pub diagnostics: Vec<Diagnostic>,
    /// Each overridden variable, merged.
    variables: HashMap<String, VariableState>,
    /// Each overridden local: the last override's definition.
    locals: HashMap<String, Arc<Declaration>>,
    /// The overriding blocks of each overridden output, module call and
    /// resource, in merge order.
    blocks: HashMap<DeclKind, Vec<Arc<Declaration>>>,
}

impl Overrides {
    /// The definition of local `name` that replaces the primary one.
    pub(crate) fn local(&self, name: &str) -> Option<&Declaration> {
        self.locals.get(name).map(|d| &**d)
    }

    /// The blocks that override the one declaring `kind`, in merge order.
    pub(crate) fn blocks(&self, kind: &DeclKind) -> impl DoubleEndedIterator<Item = &Declaration> {
        self.blocks.get(kind).into_iter().flatten().map(|d| &**d)
    }

    /// Variable `decl` as the merged configuration has it.
    pub(crate) fn variable(&self, decl: &VariableDecl) -> Option<VariableDecl> {
        let merged = self.variables.get(&decl.name)?;
        let constraint = &merged.constraint;
        // A default the merge found invalid is none (the merge reported it).
        let default = merged.default.as_ref().and_then(|d| {
            convert_with_defaults(d, &constraint.ty, constraint.defaults.as_ref()).ok()
        });
        Some(VariableDecl {
            constraint: constraint.clone(),
            default,
            nullable: merged.nullable,
            ..decl.clone()
        })
    }
}

#[salsa::tracked(returns(ref))]
pub fn module_overrides(db: &dyn salsa::Database, module: ModuleDir) -> Overrides {
    let overrides: Vec<SourceFile> = module
        .overrides(db)
        .iter()
        .copied()
        .filter(|f| f.exists(db))
        .collect();
    if overrides.is_empty() {
        return Overrides::default();
    }
    let mut base = Base::default();
    for file in module.files(db).iter().filter(|f| f.exists(db)) {
        base.add_primary(file_model(db, *file));
    }
    let mut merged = Overrides::default();
    let mut variables = HashSet::new();
    for file in overrides {
        variables.extend(merge_file(db, file, &mut base, &mut merged.diagnostics));
        for decl in &file_declarations(db, file).declarations {
            match &decl.kind {
                DeclKind::Local(name) if base.locals.contains(name) => {
                    merged.locals.insert(name.clone(), decl.clone());
                }
                kind if base.has_block(kind) => {
                    merged
                        .blocks
                        .entry(kind.clone())
                        .or_default()
                        .push(decl.clone());
                }
                _ => {}
            }
        }
    }
    merged.variables = base
        .variables
        .into_iter()
        .filter(|(name, _)| variables.contains(name))
        .collect();
    merged
}

/// What the primary files define, as far as merging needs to know: the
/// names of everything, and the type, default and nullability of each
/// variable (updated as override files are merged).
#[derive(Default)]
struct Base {
    variables: HashMap<String, VariableState>,
    locals: HashSet<String>,
    /// The outputs, module calls and resources an override can merge
    /// into.
    blocks: HashSet<DeclKind>,
    /// Provider configurations by local name and alias (`""`: none).
    providers: HashSet<(String, String)>,
}

/// A variable as merging sees it.
#[derive(Debug, Clone, PartialEq)]
struct VariableState {
    constraint: TypeConstraint,
    default: Option<Value>,
    nullable: bool,
}

impl Base {
    /// Whether the primary files declare the block `kind` names (an
    /// output, a module call or a resource), which an override can merge
    /// into.
    fn has_block(&self, kind: &DeclKind) -> bool {
        self.blocks.contains(kind)
    }

    fn add_primary(&mut self, model: &FileModel) {
        for block in &model.blocks {
            match (&block.ty, &block.body) {
                (BlockType::Variable, ItemBody::Variable(variable)) => {
                    // A duplicate replaces the earlier declaration.
                    self.variables.insert(
                        block.label(0),
                        VariableState {
                            constraint: variable
                                .constraint
                                .clone()
                                .unwrap_or_else(TypeConstraint::any),
                            default: variable.default.clone(),
                            nullable: variable.nullable.unwrap_or(true),
                        },
                    );
                }
                (BlockType::Locals, ItemBody::Locals(locals)) => {
                    self.locals.extend(locals.iter().map(|l| l.name.clone()));
                }
                (
                    BlockType::Output
                    | BlockType::Module
                    | BlockType::Resource
                    | BlockType::Data
                    | BlockType::Ephemeral,
                    _,
                ) => self.blocks.extend(DeclKind::of_block(block)),
                (BlockType::Check, ItemBody::Check { data }) => {
                    // A check block's scoped data source is one of the
                    // module's data resources: the first that decodes.
                    if let Some(data) = data.iter().find(|data| !data.has_errors) {
                        self.blocks.insert(DeclKind::DataResource {
                            ty: data.label(0),
                            name: data.label(1),
                        });
                    }
                }
                (BlockType::Provider, ItemBody::Provider(provider)) => {
                    // `decodeProviderBlock` gives none for a name that is
                    // not normalised.
                    if let Some(alias) = &provider.decoded_alias {
                        self.providers.insert((block.label(0), alias.clone()));
                    }
                }
                _ => {}
            }
        }
    }
}

/// `Module.mergeFile` for one override file; the names of the variables
/// it overrides.
fn merge_file(
    db: &dyn salsa::Database,
    file: SourceFile,
    base: &mut Base,
    out: &mut Vec<Diagnostic>,
) -> Vec<String> {
    let mut overridden = Vec::new();
    let model = file_model(db, file);
    let places = file_source_map(db, file);
    let at = |span| places.range(span);
    let error = |code, detail: String, span| Diagnostic::error_in(code, detail, file, at(span));

    // The backend, cloud and encryption blocks of all the file's
    // `terraform` blocks.
    let mut backends = Vec::new();
    let mut clouds = Vec::new();
    let mut encryptions = Vec::new();
    for terraform in model.of_type(BlockType::Terraform) {
        let ItemBody::Terraform(terraform) = &terraform.body else {
            continue;
        };
        for inner in &terraform.settings {
            match inner.ty.as_str() {
                "backend" => backends.push(inner.header),
                "cloud" => clouds.push(inner.header),
                // `DecodeConfig` gives no configuration when decoding it
                // failed.
                "encryption" if !inner.has_errors => encryptions.push(inner.header),
                _ => {}
            }
        }
    }
    // The second of a block that may appear once per file; `detail` ends
    // with where the first one is.
    let second_of = |out: &mut Vec<Diagnostic>, found: &[Span], code: Code, detail| {
        if let [first, second, ..] = found {
            let first = crate::diagnostics::range_string(db, file, at(*first));
            out.push(error(code, format!("{detail} {first}."), *second));
        }
    };
    second_of(
        out,
        &backends,
        Code::DuplicateBackendConfiguration,
        "Each override file may have only one backend configuration. A backend was previously configured at",
    );
    second_of(
        out,
        &clouds,
        Code::DuplicateCloudConfigurations,
        "A module may have only one 'cloud' block configuring a cloud backend. A cloud backend was previously configured at",
    );

    for provider in model.of_type(BlockType::Provider) {
        let ItemBody::Provider(item) = &provider.body else {
            continue;
        };
        let Some(alias) = &item.decoded_alias else {
            continue;
        };
        let name = provider.label(0);
        // A default configuration needs no base: an absent one is empty.
        if !alias.is_empty() && !base.providers.contains(&(name.clone(), alias.clone())) {
            out.push(error(
                Code::MissingProviderToOverride,
                format!(
                    "There is no {name} provider configuration with the alias {}. An override file can only override an aliased provider configuration that was already defined in a primary configuration file.",
                    go_quote(alias)
                ),
                provider.header,
            ));
        }
    }

    second_of(
        out,
        &encryptions,
        Code::DuplicateEncryptionConfiguration,
        "Each override file may have only one encryption configuration. Encryption was previously configured at",
    );

    for variable in model.of_type(BlockType::Variable) {
        let name = variable.label(0);
        let Some(existing) = base.variables.get_mut(&name) else {
            out.push(error(
                Code::MissingVariableToOverride,
                format!(
                    "There is no variable named {}. An override file can only override a variable that was already declared in a primary configuration file.",
                    go_quote(&name)
                ),
                variable.header,
            ));
            continue;
        };
        let ItemBody::Variable(item) = &variable.body else {
            continue;
        };
        for (code, detail) in merge_variable(existing, item) {
            out.push(error(code, detail, variable.header));
        }
        overridden.push(name);
    }

    for locals in model.of_type(BlockType::Locals) {
        let ItemBody::Locals(locals) = &locals.body else {
            continue;
        };
        for local in locals.iter().filter(|l| !base.locals.contains(&l.name)) {
            out.push(error(
                Code::MissingLocalToOverride,
                format!(
                    "There is no local value named {}. An override file can only override a local value that was already defined in a primary configuration file.",
                    go_quote(&local.name)
                ),
                local.definition,
            ));
        }
    }

    // `depends_on` may not be overridden: an error at its first
    // reference.
    let depends_on_override = |out: &mut Vec<Diagnostic>, block: &BlockItem| {
        let depends_on = match &block.body {
            ItemBody::Output(output) => output.depends_on,
            ItemBody::ModuleCall(call) => call.depends_on,
            ItemBody::Resource(resource) => resource.depends_on,
            _ => None,
        };
        if let Some(first) = depends_on {
            out.push(error(
                Code::UnsupportedOverride,
                "The depends_on argument may not be overridden.".to_owned(),
                first,
            ));
        }
    };

    let merges = |block: &BlockItem| DeclKind::of_block(block).is_some_and(|k| base.has_block(&k));
    for output in model.of_type(BlockType::Output) {
        let name = output.label(0);
        if !merges(output) {
            out.push(error(
                Code::MissingOutputToOverride,
                format!(
                    "There is no output named {}. An override file can only override an output that was already defined in a primary configuration file.",
                    go_quote(&name)
                ),
                output.header,
            ));
            continue;
        }
        depends_on_override(out, output);
    }

    for call in model.of_type(BlockType::Module) {
        let name = call.label(0);
        if !merges(call) {
            out.push(error(
                Code::MissingModuleCallToOverride,
                format!(
                    "There is no module call named {}. An override file can only override a module call that was defined in a primary configuration file.",
                    go_quote(&name)
                ),
                call.header,
            ));
            continue;
        }
        depends_on_override(out, call);
    }

    // Each kind of resource block: its type, the code when there is no
    // base, and how the detail names the resource and the block.
    let resource_kinds = [
        (
            BlockType::Resource,
            Code::MissingResourceToOverride,
            "resource",
            "a resource block",
        ),
        (
            BlockType::Data,
            Code::MissingDataResourceToOverride,
            "data resource",
            "a data block",
        ),
        (
            BlockType::Ephemeral,
            Code::MissingEphemeralResourceToOverride,
            "ephemeral resource",
            "an ephemeral block",
        ),
    ];
    for (block_type, code, noun, what) in resource_kinds {
        for resource in model.of_type(block_type) {
            if !merges(resource) {
                out.push(error(
                    code,
                    format!(
                        "There is no {} {noun} named {}. An override file can only override {what} defined in a primary configuration file.",
                        resource.label(0),
                        go_quote(&resource.label(1))
                    ),
                    resource.header,
                ));
                continue;
            }
            depends_on_override(out, resource);
        }
    }

    let never_overridden = [
        (
            BlockType::Moved,
            Code::CannotOverrideMovedBlocks,
            "Records of moved objects can appear only in normal files, not in override files.",
        ),
        (
            BlockType::Import,
            Code::CannotOverrideImportBlocks,
            "Import blocks can appear only in normal files, not in override files.",
        ),
        (
            BlockType::Removed,
            Code::CannotOverrideRemovedBlocks,
            "Removed blocks can appear only in normal files, not in override files.",
        ),
    ];
    for (block_type, code, detail) in never_overridden {
        for block in model.of_type(block_type) {
            out.push(error(code, detail.to_owned(), block.header));
        }
    }
    overridden
}

/// `Variable.merge`: what the override sets replaces the base's, then the
/// default must still convert to the type and be non-null when the
/// variable is not nullable. Summaries and details, in order.
fn merge_variable(v: &mut VariableState, o: &VariableItem) -> Vec<(Code, String)> {
    const SUMMARY: Code = Code::InvalidDefaultValueForVariable;
    let mut out = Vec::new();
    let type_overridden = o.constraint.is_some();
    let default_overridden = o.default.is_some();
    if let Some(default) = &o.default {
        v.default = Some(default.clone());
    }
    if let Some(constraint) = &o.constraint {
        v.constraint = constraint.clone();
    }
    if let Some(nullable) = o.nullable {
        v.nullable = nullable;
    }
    let Some(default) = &v.default else {
        return out;
    };
    let default = match tofu_types::convert::convert(default, &v.constraint.ty) {
        Ok(converted) => converted,
        Err(err) => {
            // cty's path errors print their message alone.
            let detail = match (type_overridden, default_overridden) {
                (true, false) => format!(
                    "Overriding this variable's type constraint has made its default value invalid: {}.",
                    err.message
                ),
                (false, true) => format!(
                    "The overridden default value for this variable is not compatible with the variable's type constraint: {}.",
                    err.message
                ),
                _ => format!(
                    "This variable's default value is not compatible with its type constraint: {}.",
                    err.message
                ),
            };
            out.push((SUMMARY, detail));
            default.clone()
        }
    };
    if !v.nullable && default.is_null() {
        out.push((
            SUMMARY,
            "A null default value is not valid when nullable=false.".to_owned(),
        ));
    }
    v.default = Some(default);
    out
}

#[cfg(test)]
mod tests {
    use crate::db::Database;
    use crate::input::{ModuleDir, SourceFile};
    use crate::overrides::module_override_diagnostics;

    /// What merging reports for primary and override files given as
    /// `(name, text)`: `summary: detail @file:line `subject``.
    fn merge(primary: &[(&str, &str)], overrides: &[(&str, &str)]) -> Vec<String> {
        let db = Database::default();
        let files = |list: &[(&str, &str)]| -> Vec<SourceFile> {
            list.iter()
                .map(|(name, text)| {
                    SourceFile::new(&db, format!("m/{name}"), (*text).to_owned(), true)
                })
                .collect()
        };
        let module = ModuleDir::new(&db, "m".to_owned(), files(primary), files(overrides));
        module_override_diagnostics(&db, module)
            .iter()
            .map(|d| {
                let tofu_diagnostics::Location { file, range } =
                    d.location.expect("every merge diagnostic has a place");
                let text = file.text(&db);
                let start = usize::from(range.start());
                let line = text[..start].matches('\n').count() + 1;
                let name = file.path(&db).trim_start_matches("m/");
                format!(
                    "{}: {} @{name}:{line} `{}`",
                    d.summary, d.detail, &text[range]
                )
            })
            .collect()
    }

    #[test]
    fn nothing_without_override_files() {
        assert!(merge(&[("main.tf", "variable \"x\" {}\n")], &[]).is_empty());
    }

    #[test]
    fn missing_bases() {
        let got = merge(
            &[(
                "main.tf",
                "resource \"a\" \"b\" {}\ndata \"a\" \"b\" {}\nprovider \"p\" {\n  alias = \"x\"\n}\n",
            )],
            &[(
                "override.tf",
                r#"variable "v" {}
locals {
  l = 1
}
output "o" {}
module "m" {}
resource "a" "b" {}
resource "a" "c" {}
data "a" "b" {}
data "a" "c" {}
ephemeral "a" "c" {}
provider "p" {}
provider "p" {
  alias = "x"
}
provider "p" {
  alias = "y"
}
check "c" {
  assert {
    condition     = true
    error_message = "x"
  }
}
"#,
            )],
        );
        assert_eq!(
            got,
            [
                "Missing base provider configuration for override: There is no p provider configuration with the alias \"y\". An override file can only override an aliased provider configuration that was already defined in a primary configuration file. @override.tf:16 `provider \"p\"`",
                "Missing base variable declaration to override: There is no variable named \"v\". An override file can only override a variable that was already declared in a primary configuration file. @override.tf:1 `variable \"v\"`",
                "Missing base local value definition to override: There is no local value named \"l\". An override file can only override a local value that was already defined in a primary configuration file. @override.tf:3 `l = 1`",
                "Missing base output definition to override: There is no output named \"o\". An override file can only override an output that was already defined in a primary configuration file. @override.tf:5 `output \"o\"`",
                "Missing module call to override: There is no module call named \"m\". An override file can only override a module call that was defined in a primary configuration file. @override.tf:6 `module \"m\"`",
                "Missing resource to override: There is no a resource named \"c\". An override file can only override a resource block defined in a primary configuration file. @override.tf:8 `resource \"a\" \"c\"`",
                "Missing data resource to override: There is no a data resource named \"c\". An override file can only override a data block defined in a primary configuration file. @override.tf:10 `data \"a\" \"c\"`",
                "Missing ephemeral resource to override: There is no a ephemeral resource named \"c\". An override file can only override an ephemeral block defined in a primary configuration file. @override.tf:11 `ephemeral \"a\" \"c\"`",
            ]
        );
    }

    #[test]
    fn blocks_that_cannot_be_overridden() {
        let got = merge(
            &[("main.tf", "resource \"a\" \"b\" {}\n")],
            &[(
                "x_override.tf",
                "moved {\n  from = a.c\n  to = a.b\n}\nimport {\n  to = a.b\n  id = \"i\"\n}\nremoved {\n  from = a.d\n}\n",
            )],
        );
        assert_eq!(
            got,
            [
                "Cannot override 'moved' blocks: Records of moved objects can appear only in normal files, not in override files. @x_override.tf:1 `moved`",
                "Cannot override 'import' blocks: Import blocks can appear only in normal files, not in override files. @x_override.tf:5 `import`",
                "Cannot override 'Removed' blocks: Removed blocks can appear only in normal files, not in override files. @x_override.tf:9 `removed`",
            ]
        );
    }

    #[test]
    fn variable_default_details() {
        let got = merge(
            &[(
                "main.tf",
                r#"variable "t" {
  type    = list(string)
  default = ["a"]
}
variable "d" {
  type = number
}
variable "n" {
  default = null
}
variable "both" {
  type    = string
  default = "x"
}
"#,
            )],
            &[
                (
                    "a_override.tf",
                    "variable \"t\" {\n  type = string\n}\nvariable \"d\" {\n  default = \"x\"\n}\nvariable \"n\" {\n  nullable = false\n}\nvariable \"both\" {\n  type    = number\n  default = 1\n}\n",
                ),
                (
                    "b_override.tf",
                    "variable \"t\" {\n  description = \"d\"\n}\nvariable \"both\" {\n  default = \"2\"\n}\n",
                ),
            ],
        );
        assert_eq!(
            got,
            [
                "Invalid default value for variable: Overriding this variable's type constraint has made its default value invalid: string required, but have list of string. @a_override.tf:1 `variable \"t\"`",
                "Invalid default value for variable: The overridden default value for this variable is not compatible with the variable's type constraint: a number is required. @a_override.tf:4 `variable \"d\"`",
                "Invalid default value for variable: A null default value is not valid when nullable=false. @a_override.tf:7 `variable \"n\"`",
                "Invalid default value for variable: This variable's default value is not compatible with its type constraint: string required, but have list of string. @b_override.tf:1 `variable \"t\"`",
            ]
        );
    }

    #[test]
    fn variable_overrides_that_stay_valid() {
        // The type and default change together; a later file's default
        // converts to the earlier file's type; optional attributes convert.
        let got = merge(
            &[
                (
                    "main.tf",
                    "variable \"a\" {\n  type    = string\n  default = \"x\"\n}\nvariable \"o\" {\n  type    = object({ a = optional(string, \"z\") })\n  default = {}\n}\nvariable \"dup\" {\n  type = list(string)\n}\n",
                ),
                ("other.tf", "variable \"dup\" {\n  type = string\n}\n"),
            ],
            &[
                (
                    "a_override.tf",
                    "variable \"a\" {\n  type    = number\n  default = 1\n}\nvariable \"o\" {\n  nullable = false\n}\n",
                ),
                (
                    "b_override.tf.json",
                    "{\"variable\": {\"a\": {\"default\": \"2\"}, \"dup\": {\"default\": \"s\"}}}",
                ),
            ],
        );
        assert!(got.is_empty(), "{got:#?}");
    }

    #[test]
    fn json_variable_type() {
        let got = merge(
            &[("main.tf", "variable \"a\" {\n  default = [\"x\"]\n}\n")],
            &[(
                "override.tf.json",
                "{\n  \"variable\": {\n    \"a\": {\"type\": \"map(string)\"}\n  }\n}\n",
            )],
        );
        assert_eq!(
            got,
            [
                "Invalid default value for variable: Overriding this variable's type constraint has made its default value invalid: map of string required. @override.tf.json:3 `{`",
            ]
        );
    }

    #[test]
    fn depends_on_is_not_overridden() {
        let got = merge(
            &[(
                "main.tf",
                "resource \"a\" \"b\" {}\nmodule \"m\" {\n  source = \"./m\"\n}\noutput \"o\" {\n  value = 1\n}\n",
            )],
            &[
                (
                    "override.tf",
                    "resource \"a\" \"b\" {\n  depends_on = [\"a.c\", a.d]\n}\nmodule \"m\" {\n  depends_on = [a.b[0].x]\n}\noutput \"o\" {\n  depends_on = []\n}\n",
                ),
                (
                    "z_override.tf.json",
                    "{\"output\": {\"o\": {\"depends_on\": [\"a.bcd\"]}}}",
                ),
            ],
        );
        let detail = "Unsupported override: The depends_on argument may not be overridden.";
        assert_eq!(
            got,
            [
                format!("{detail} @override.tf:5 `a.b[0].x`"),
                format!("{detail} @override.tf:2 `a.c`"),
                // HCL reads a JSON traversal from the opening quote.
                format!("{detail} @z_override.tf.json:1 `\"a.bc`"),
            ]
        );
    }

    #[test]
    fn one_backend_cloud_and_encryption_per_override_file() {
        let got = merge(
            &[("main.tf", "terraform {\n  backend \"local\" {}\n}\n")],
            &[
                (
                    "a_override.tf",
                    "terraform {\n  backend \"s3\" {}\n  cloud {}\n}\nterraform {\n  backend \"gcs\" {}\n  cloud {}\n  encryption {}\n  encryption {}\n}\n",
                ),
                (
                    "b_override.tf",
                    "terraform {\n  backend \"s3\" {}\n  cloud {}\n}\n",
                ),
            ],
        );
        assert_eq!(
            got,
            [
                "Duplicate backend configuration: Each override file may have only one backend configuration. A backend was previously configured at a_override.tf:2,3-15. @a_override.tf:6 `backend \"gcs\"`",
                "Duplicate cloud configurations: A module may have only one 'cloud' block configuring a cloud backend. A cloud backend was previously configured at a_override.tf:3,3-8. @a_override.tf:7 `cloud`",
                "Duplicate encryption configuration: Each override file may have only one encryption configuration. Encryption was previously configured at a_override.tf:8,3-13. @a_override.tf:9 `encryption`",
            ]
        );
    }

    #[test]
    fn providers_that_fail_to_decode_are_not_merged() {
        // "P" is not a normalised name: neither file has that provider.
        let got = merge(
            &[("main.tf", "provider \"P\" {\n  alias = \"x\"\n}\n")],
            &[(
                "override.tf",
                "provider \"P\" {\n  alias = \"y\"\n}\nprovider \"q\" {\n  alias = \"x\"\n}\n",
            )],
        );
        assert_eq!(
            got,
            [
                "Missing base provider configuration for override: There is no q provider configuration with the alias \"x\". An override file can only override an aliased provider configuration that was already defined in a primary configuration file. @override.tf:4 `provider \"q\"`",
            ]
        );
    }

    #[test]
    fn repetition_arguments_merge_without_complaint() {
        // Each block is checked for `count` with `for_each` as it is
        // decoded; merging one over the other reports nothing.
        let got = merge(
            &[(
                "main.tf",
                "resource \"a\" \"b\" {\n  for_each = {}\n}\nmodule \"m\" {\n  source = \"./m\"\n  count  = 1\n}\n",
            )],
            &[(
                "override.tf",
                "resource \"a\" \"b\" {\n  count = 1\n}\nmodule \"m\" {\n  for_each = {}\n}\n",
            )],
        );
        assert!(got.is_empty(), "{got:#?}");
    }

    #[test]
    fn check_scoped_data_sources_are_bases() {
        let got = merge(
            &[(
                "main.tf",
                "check \"c\" {\n  data \"a\" \"b\" {}\n  assert {\n    condition     = true\n    error_message = \"x\"\n  }\n}\n",
            )],
            &[("override.tf", "data \"a\" \"b\" {\n  x = 1\n}\n")],
        );
        assert!(got.is_empty(), "{got:#?}");
    }
}
