//! The semantic model of OpenTofu configurations as incremental salsa
//! queries: files are inputs, and parsing, declarations and references are
//! memoised per file so that an edit recomputes only what depends on it.
//!
//! * [`Database`]: the salsa database, with an optional log of the queries
//!   it executes (for tests of incrementality).
//! * [`SourceFile`], [`ModuleDir`]: the inputs.
//! * [`parse`], [`file_declarations`], [`module_declarations`],
//!   [`module_references`]: the queries.
//! * [`file_config_diagnostics`]: what OpenTofu reports while it decodes
//!   a file's blocks.
//! * [`module_diagnostics`]: what OpenTofu reports about them.

mod addrs;
mod call_checks;
mod call_tree;
mod calls;
mod chains;
mod chunks;
mod config;
mod db;
mod declarations;
mod dependency_graph;
mod diagnostics;

mod evaluation;
mod external_files;
mod gathering;
mod input;
mod lints;
mod module_checks;
mod overrides;
mod parsing;
mod provider_schemas;
mod provider_validation;
mod reference_checks;
mod references;
mod report;
mod root_values;
mod settings;
mod static_eval;
mod test_files;

/// Module source addresses (`addrs.ModuleSource`), for hosts that install
/// or find the modules calls name.
pub use addrs::module_source::{
    ModuleSource, SourceError, parse_module_source, parse_module_source_registry,
};
/// Provider addresses (`addrs.Provider`), public so that provider schemas
/// can be keyed by them.
pub use addrs::provider::{Provider, parse_provider_source};
pub use call_checks::{
    ModuleVariable, module_argument_diagnostics, module_output_diagnostics, module_variables,
};
pub use call_tree::{
    ModuleTree, UninstalledCall, call_targets, module_callers, module_graph, module_instances,
    module_targets, module_tree, prime_module_graph, sync_module_graph,
};
pub use calls::{ModuleCall, join_relative, local_source_dir, module_calls};
pub use chains::{MAX_REFERENCE_CHAIN, ReferenceChains, reference_chains};
pub use chunks::{CHUNK_SIZE, chunk_count, chunk_of};
pub use config::{
    BlockItem, BlockType, BodySpan, CheckRuleItem, ExprSpan, FileModel, Instances, ItemBody,
    LocalItem, ModuleCallItem, NestedBlock, OutputItem, Repeats, SourceMap, Span, VariableItem,
    file_config_diagnostics, file_model, file_source_map, is_override_file,
};
pub use db::Database;
pub use declarations::module::{module_declaration, module_declaration_index, module_declarations};
pub use declarations::{DeclKind, Declaration, FileDeclarations, file_declarations};
pub use dependency_graph::scc::strongly_connected;
pub use dependency_graph::{
    CallDependencies, ModuleDependencies, Target, configuration_cycles, module_dependencies,
    whole_graph_cycles,
};
pub use diagnostics::{DeprecationCause, Diagnostic, dedupe, internal_error};
pub use evaluation::{
    CallStep, EvalMode, Evaluated, Evaluation, Expansion, InstanceAddr, InstanceKey, InstanceScope,
    VariableDecl, call_expansion, declaration_type, evaluation_instances, expression_type,
    instance_argument_diagnostics, instance_diagnostics, local_value, missing_root_values,
    module_call_value, module_type_diagnostics, module_variable_decls, output_type, output_value,
    resource_expansion, resource_value, types_addr, variable_validation_diagnostics,
    variable_value,
};
pub use external_files::ExternalFiles;
pub use gathering::{
    module_dir_diagnostics, module_instance_diagnostics, module_local_diagnostics,
    tree_wide_diagnostics, with_tree_wide,
};
pub use input::{
    CalledDir, InstalledModule, ModuleDir, ModuleGraph, ModuleInstance, ModulePlace, RootInputs,
    SourceFile, VariableSource, Workspace,
};
pub use lints::module_lints;
pub use module_checks::module_diagnostics;
pub use overrides::{Overrides, module_override_diagnostics, module_overrides};
pub use parsing::{ParsedFile, parse};
pub use provider_schemas::checks::module_schema_diagnostics;
pub use provider_schemas::values::{attribute_type as schema_attribute_type, resource_body_schema};
pub use provider_schemas::{ProviderSchemaSet, SchemaDocument};
pub use provider_validation::{ModuleProviders, module_providers, provider_tree_diagnostics};
pub use references::{Reference, ReferenceContext, Remaining, Subject, module_references};
pub use report::{
    JobChunk, ModuleReport, PlacedJobs, RootChunks, RootJobs, TEST_PANIC_FILE, evaluation_jobs,
    job_chunk_diagnostics, job_diagnostics, module_chunk_reports, module_report, place_jobs,
    prime_instances,
};
pub use root_values::{
    AssignedValue, ParsingMode, RootVariableValues, StringPlace, ValueOrigin, parse_variables_file,
    root_variable_values, variable_parsing_modes, variables_file_kind,
};
pub use settings::{ModuleSettings, module_settings, module_settings_diagnostics};
pub use static_eval::{
    Constness, DynamicReason, StaticCall, StaticValue, expression_constness, is_const,
    static_call_diagnostics, static_local_value, static_module_diagnostics, static_module_source,
    static_variable_value,
};
pub use test_files::test_file_diagnostics;
pub use tofu_eval::Severity;
/// The schema documents' reader, for hosts that load schemas.
pub use tofu_provider_schema as provider_schema;
