//! Provider requirements and configurations checked across the module
//! tree, as OpenTofu does once it has built the configuration
//! (`validateProviderConfigs`): references to undeclared local names,
//! configurations a child needs and is not given, the same local name
//! meaning different providers on the two sides of a call, and modules
//! with their own provider configurations called with `count`,
//! `for_each`, `enabled` or `depends_on`.
//!
//! OpenTofu runs these checks only when the tree loaded without errors,
//! so a module (or its caller) with load-time errors is skipped.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use tofu_diagnostics::Code;
use tofu_eval::Severity;
use tofu_syntax::TextRange;

use crate::addrs::provider::Provider;
use crate::addrs::provider::parse_provider_part;
use crate::call_tree::module_graph;
use crate::config::model::{BlockType, ItemBody, ProviderRefItem, Span};
use crate::config::{file_config_diagnostics, file_model, file_source_map};
use crate::declarations::DeclKind;
use crate::diagnostics::{Diagnostic, range_string};
use crate::input::{ModuleDir, SourceFile, Workspace};

/// Where a diagnostic is.
type At = (SourceFile, TextRange);

/// Where an item is, without positions: a file and a span of its source
/// map, so that [`module_providers`] is equal after an edit that only
/// moves text.
type Place = (SourceFile, Span);

/// How the checks find where an item is. Whether there is anything to
/// report is decided with every place at the start of its file, so that
/// the tree's checks read no positions; only then are the files' source
/// maps read.
#[derive(Clone, Copy)]
enum Places<'db> {
    Nowhere,
    InFiles(&'db dyn salsa::Database),
}

impl Places<'_> {
    fn at(self, (file, span): Place) -> At {
        match self {
            Places::Nowhere => (file, TextRange::empty(0.into())),
            Places::InFiles(db) => (file, file_source_map(db, file).range(span)),
        }
    }
}

/// A provider configuration reference with where its local name is.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Ref {
    name: String,
    alias: Option<String>,
    name_at: Place,
    /// Where the instance key is, when one is given.
    key_at: Option<Place>,
}

impl Ref {
    fn key(&self) -> String {
        provider_name(&self.name, self.alias.as_deref())
    }
}

fn provider_name(name: &str, alias: Option<&str>) -> String {
    match alias {
        Some(alias) => format!("{name}.{alias}"),
        None => name.to_owned(),
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct ProviderConfig {
    key: String,
    name: String,
    /// Has arguments or blocks of its own, or a version constraint.
    configured: bool,
    for_each: bool,
    at: Place,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Requirement {
    name: String,
    ty: Provider,
    aliases: Vec<String>,
    at: Place,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Resource {
    /// `aws_instance.x`, `data.aws_ami.x`, `ephemeral.x.y`.
    addr: String,
    ty: String,
    /// The `provider` argument: `None` when absent, `Some(None)` when
    /// it could not be read.
    provider: Option<Option<Ref>>,
    at: Place,
}

impl Resource {
    /// The local name its type implies (`Resource.ImpliedProvider`): the
    /// type up to its first `_`.
    fn implied_local_name(&self) -> &str {
        self.ty.split('_').next().unwrap_or(&self.ty)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Call {
    name: String,
    source: String,
    at: Place,
    /// The first of `count`, `for_each`, `enabled` and `depends_on`.
    repetition: Option<Place>,
    /// `(in child, in parent)`.
    providers: Vec<(Ref, Ref)>,
}

/// What a module says about providers.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ModuleProviders {
    configs: Vec<ProviderConfig>,
    requirements: Vec<Requirement>,
    resources: Vec<Resource>,
    /// Indexes into `resources` sorted by address, for lookups by address
    /// in modules of many resources.
    resources_by_addr: Vec<u32>,
    calls: Vec<Call>,
    /// The module has load-time errors.
    has_errors: bool,
    /// The module has override files, which may replace any of this.
    has_overrides: bool,
}

impl ModuleProviders {
    /// Whether the module has load-time errors, so that OpenTofu would
    /// validate nothing of it.
    pub(crate) fn has_errors(&self) -> bool {
        self.has_errors
    }

    /// The module's `required_providers` entries: each local name with
    /// its provider.
    pub(crate) fn required_providers(&self) -> impl Iterator<Item = (&str, &Provider)> + '_ {
        self.requirements.iter().map(|r| (r.name.as_str(), &r.ty))
    }

    fn requirement(&self, name: &str) -> Option<&Requirement> {
        self.requirements.iter().find(|r| r.name == name)
    }

    /// The provider a local name stands for when a resource or a
    /// `provider` block uses it (`Module.ImpliedProviderForUnqualifiedType`):
    /// the module's `required_providers` entry for it, else the implied
    /// provider (`hashicorp/NAME`, or the built-in one for `terraform`).
    pub fn provider_for_local_name(&self, name: &str) -> Provider {
        self.requirement(name)
            .map_or_else(|| Provider::implied(name), |r| r.ty.clone())
    }

    /// The provider whose schema describes a resource, data source or
    /// ephemeral resource (`Resource.Provider`, which OpenTofu sets while
    /// it assembles the module, from `ProviderForLocalConfig`): the local
    /// name of its `provider` argument, or else its type's prefix
    /// (`Resource.ImpliedProvider`). `None` for a resource the module's
    /// primary files do not declare, or whose `provider` argument is not
    /// a provider configuration reference.
    pub fn resource_provider(&self, kind: &DeclKind) -> Option<Provider> {
        let addr = match kind {
            DeclKind::ManagedResource { ty, name } => format!("{ty}.{name}"),
            DeclKind::DataResource { ty, name } => format!("data.{ty}.{name}"),
            DeclKind::EphemeralResource { ty, name } => format!("ephemeral.{ty}.{name}"),
            _ => return None,
        };
        let first = self
            .resources_by_addr
            .partition_point(|&i| self.resources[i as usize].addr < addr);
        let resource = &self.resources[*self.resources_by_addr.get(first)? as usize];
        if resource.addr != addr {
            return None;
        }
        let local_name = match &resource.provider {
            Some(reference) => reference.as_ref()?.name.as_str(),
            None => resource.implied_local_name(),
        };
        Some(self.provider_for_local_name(local_name))
    }

    /// The provider a local name stands for in this module
    /// (`resolveProviderTypes`, then `NewDefaultProvider` for the rest).
    fn local_type(&self, name: &str) -> Provider {
        self.requirement(name)
            .map_or_else(|| Provider::default_for(name), |r| r.ty.clone())
    }
}

/// The providers of a module's primary files, from their models.
#[salsa::tracked(returns(ref))]
pub fn module_providers(db: &dyn salsa::Database, module: ModuleDir) -> ModuleProviders {
    let mut out = ModuleProviders {
        has_overrides: !module.overrides(db).is_empty(),
        ..ModuleProviders::default()
    };
    let mut seen_requirements = false;
    for &file in module.files(db).iter().filter(|f| f.exists(db)) {
        if file_config_diagnostics(db, file)
            .iter()
            .any(|d| d.severity == Severity::Error)
        {
            out.has_errors = true;
        }
        let at = |span: Span| (file, span);
        let reference = |r: &ProviderRefItem| Ref {
            name: r.name.clone(),
            alias: r.alias.clone(),
            name_at: at(r.name_at),
            key_at: r.key_at.map(at),
        };
        for block in &file_model(db, file).blocks {
            match &block.body {
                ItemBody::Terraform(terraform)
                    if !seen_requirements && terraform.required_providers.is_some() =>
                {
                    seen_requirements = true;
                    let entries = terraform.required_providers.iter().flatten();
                    for entry in entries.filter(|e| e.valid) {
                        let ty = match &entry.source {
                            Some(source) => match Provider::of_required_source(source) {
                                Some(ty) => ty,
                                None => continue,
                            },
                            None => Provider::implied(&entry.name),
                        };
                        out.requirements.push(Requirement {
                            name: entry.name.clone(),
                            ty,
                            aliases: entry.aliases.clone(),
                            at: at(entry.value),
                        });
                    }
                }
                ItemBody::Provider(provider) => {
                    let Some(name) = block.labels.first() else {
                        continue;
                    };
                    out.configs.push(ProviderConfig {
                        key: provider_name(name, provider.alias_value.as_deref()),
                        name: name.clone(),
                        configured: provider.configured,
                        for_each: provider.for_each,
                        at: at(block.header),
                    });
                }
                ItemBody::Resource(resource) => {
                    let [ty, name] = &*block.labels else {
                        continue;
                    };
                    let addr = match block.ty {
                        BlockType::Resource => format!("{ty}.{name}"),
                        mode => format!("{}.{ty}.{name}", mode.name()),
                    };
                    out.resources.push(Resource {
                        addr,
                        ty: ty.clone(),
                        provider: resource
                            .provider
                            .as_ref()
                            .map(|r| r.as_deref().map(reference)),
                        at: at(block.header),
                    });
                }
                ItemBody::ModuleCall(call) => {
                    let Some(name) = block.labels.first() else {
                        continue;
                    };
                    out.calls.push(Call {
                        name: name.clone(),
                        source: call.source_value.clone().unwrap_or_default(),
                        at: at(block.header),
                        repetition: call.repetition.map(at),
                        providers: call
                            .providers
                            .iter()
                            .map(|(child, parent)| (reference(child), reference(parent)))
                            .collect(),
                    });
                }
                _ => {}
            }
        }
    }
    let mut by_addr: Vec<u32> = (0..out.resources.len() as u32).collect();
    // Stable: of resources with the same address, the first is found, as
    // a search in declaration order finds it.
    by_addr.sort_by(|&a, &b| {
        out.resources[a as usize]
            .addr
            .cmp(&out.resources[b as usize].addr)
    });
    out.resources_by_addr = by_addr;
    out
}

/// What the modules of chunk `chunk` say about providers (see
/// [`crate::report`]): the tree's checks read these instead of every
/// module's, so that an edit makes them verify one chunk, not every
/// module.
#[salsa::tracked(returns(ref))]
fn providers_chunk(
    db: &dyn salsa::Database,
    workspace: Workspace,
    chunk: usize,
) -> Vec<ModuleProviders> {
    crate::chunks::chunk_of(workspace.modules(db), chunk)
        .iter()
        .map(|m| module_providers(db, *m).clone())
        .collect()
}

fn error(summary: Code, detail: String, at: At) -> Diagnostic {
    Diagnostic::error_in(summary, detail, at.0, at.1)
}

fn warning(summary: Code, detail: String, at: At) -> Diagnostic {
    Diagnostic {
        severity: Severity::Warning,
        ..Diagnostic::error_in(summary, detail, at.0, at.1)
    }
}

/// The checks of every instance of the tree, each parent before its
/// children; the caller keeps those in a module's files.
#[salsa::tracked(returns(ref))]
pub fn provider_tree_diagnostics(
    db: &dyn salsa::Database,
    workspace: Workspace,
) -> Vec<Diagnostic> {
    let tree = module_graph(db, workspace);
    let every = crate::chunks::every_entry(db, workspace, providers_chunk);
    let providers = |module| {
        every
            .get(&module)
            .copied()
            .unwrap_or_else(|| module_providers(db, module))
    };
    let mut out = Vec::new();
    // Each root's instances, as OpenTofu builds one configuration per
    // root module and checks providers only when it loaded without errors.
    let mut start = 0;
    while start < tree.instances.len() {
        let end = tree.instances[start + 1..]
            .iter()
            .position(|i| i.path.is_empty())
            .map_or(tree.instances.len(), |n| start + 1 + n);
        let instances = &tree.instances[start..end];
        start = end;
        // A call the tree cannot follow is an error for OpenTofu too;
        // one of a remote module `tofu init` has not installed yet is
        // not held against the rest (what is checked of a call needs
        // only its caller, and what is checked of a child only its
        // caller).
        if instances
            .iter()
            .any(|i| providers(i.module).has_errors || tree.unresolved.contains(&i.module))
        {
            continue;
        }
        // Whether there is anything to report is decided on the modules'
        // providers without places; only then are their places read.
        let mut found = Vec::new();
        validate_tree(db, instances, &mut found, &providers, Places::Nowhere);
        if found.is_empty() {
            continue;
        }
        found.clear();
        validate_tree(db, instances, &mut found, &providers, Places::InFiles(db));
        // Errors of putting a module's files together stop OpenTofu too;
        // they are looked at only when there is something to withhold, so
        // that a clean tree does not depend on every module's (a re-check
        // after an edit verifies fewer queries).
        if found.is_empty() || instances.iter().any(|i| assembly_fails(db, i.module)) {
            continue;
        }
        out.extend(found);
    }
    out
}

/// Whether putting a module's files together raises errors: duplicate
/// declarations, module-wide settings, override files.
fn assembly_fails(db: &dyn salsa::Database, module: ModuleDir) -> bool {
    !crate::module_checks::module_duplicates(db, module).is_empty()
        || !crate::settings::module_settings_diagnostics(db, module).is_empty()
        || crate::overrides::module_override_diagnostics(db, module)
            .iter()
            .any(|d| d.severity == Severity::Error)
}

fn validate_tree<'db>(
    db: &'db dyn salsa::Database,
    instances: &[crate::input::ModuleInstance],
    out: &mut Vec<Diagnostic>,
    providers: &dyn Fn(ModuleDir) -> &'db ModuleProviders,
    places: Places<'_>,
) {
    // The instances on the way to the current one: module, and the
    // range of the nearest `count`, `for_each`, `enabled` or `depends_on`.
    let mut stack: Vec<(ModuleDir, Option<Place>)> = Vec::new();
    for instance in instances {
        let depth = instance.path.len();
        stack.truncate(depth);
        let module = providers(instance.module);
        let parent = match depth {
            0 => None,
            _ => {
                let Some(&(parent, parent_range)) = stack.last() else {
                    continue;
                };
                let parent_providers = providers(parent);
                let name = &instance.path[depth - 1];
                let Some(call) = parent_providers.calls.iter().find(|c| *c.name == **name) else {
                    continue;
                };
                Some((parent_providers, call, call.repetition.or(parent_range)))
            }
        };
        let no_config = parent.as_ref().and_then(|(_, _, range)| *range);
        stack.push((instance.module, no_config));
        // What override files change is not modelled: nothing is
        // reported across a module that has them.
        if module.has_overrides || parent.as_ref().is_some_and(|(p, _, _)| p.has_overrides) {
            continue;
        }
        let parent = parent.map(|(p, c, _)| (p, c));
        validate(db, out, module, &instance.path, parent, no_config, places);
    }
}

/// `validateProviderConfigs` for one instance (without its children).
fn validate(
    db: &dyn salsa::Database,
    out: &mut Vec<Diagnostic>,
    module: &ModuleProviders,
    path: &[Arc<str>],
    parent: Option<(&ModuleProviders, &Call)>,
    no_config: Option<Place>,
    places: Places<'_>,
) {
    let mut empty_configs: Vec<(&str, At)> = Vec::new();
    let mut configured: Vec<&str> = Vec::new();
    for pc in &module.configs {
        if pc.configured {
            configured.push(&pc.key);
        } else {
            empty_configs.push((&pc.key, places.at(pc.at)));
        }
    }
    let local_names: HashMap<&str, &Provider> = module
        .requirements
        .iter()
        .map(|r| (r.name.as_str(), &r.ty))
        .collect();
    let mut config_aliases: Vec<(String, &Provider)> = Vec::new();
    let mut local_types: HashSet<&Provider> = HashSet::new();
    for (i, req) in module.requirements.iter().enumerate() {
        if local_types.contains(&req.ty) {
            let prev = module.requirements[..i]
                .iter()
                .rev()
                .find(|r| r.ty == req.ty)
                .map_or("", |r| r.name.as_str());
            out.push(warning(
                Code::DuplicateRequiredProvider,
                format!(
                    "Provider {} with the local name {:?} was previously required as {prev:?}. A provider can only be required once within required_providers.",
                    req.ty.for_display(),
                    req.name
                ),
                places.at(req.at),
            ));
        } else if req.ty.is_default()
            && req.name != req.ty.ty
            && module.configs.iter().any(|pc| pc.name == req.ty.ty)
        {
            out.push(warning(
                Code::DuplicateRequiredProvider,
                format!(
                    "Provider {} with the local name {:?} was implicitly required via a configuration block as {:?}. The provider configuration block name must match the name used in required_providers.",
                    req.ty.for_display(),
                    req.name,
                    req.ty.ty
                ),
                places.at(req.at),
            ));
        }
        local_types.insert(&req.ty);
        for alias in &req.aliases {
            config_aliases.push((provider_name(&req.name, Some(alias)), &req.ty));
        }
    }

    // Resources that name no provider use the one their type implies.
    for r in module.resources.iter().filter(|r| r.provider.is_none()) {
        let local_name = r.implied_local_name();
        if let Err(err) = parse_provider_part(local_name) {
            out.push(error(
                Code::InvalidProviderLocalName,
                format!("{local_name:?} is an invalid implied provider local name: {err}"),
                places.at(r.at),
            ));
            continue;
        }
        if local_names.contains_key(local_name) {
            continue;
        }
        let implied = Provider::implied(local_name);
        for req in module.requirements.iter().filter(|req| req.ty == implied) {
            out.push(warning(
                Code::DuplicateRequiredProvider,
                format!(
                    "Provider {:?} was implicitly required via resource {:?}, but listed in required_providers as {:?}. Either the local name in required_providers must match the resource name, or the {:?} provider must be assigned within the resource block.",
                    implied.to_string(),
                    r.addr,
                    req.name,
                    req.name
                ),
                places.at(r.at),
            ));
        }
    }

    let passed_in: Vec<(String, &Ref, &Ref)> = parent
        .map(|(_, call)| {
            call.providers
                .iter()
                .map(|(child, parent)| (child.key(), child, parent))
                .collect()
        })
        .unwrap_or_default();
    let is_passed = |name: &str| passed_in.iter().any(|(n, _, _)| n == name);
    let is_configured = |name: &str| configured.contains(&name);

    // Formatted only when a message names them: most instances have none.
    let module_text = PathText(path);
    let parent_text = PathText(path.split_last().map_or(path, |(_, parent)| parent));

    // Instance keys of provider configurations.
    let instanced = |name: &str| {
        module
            .configs
            .iter()
            .rev()
            .find(|pc| pc.key == name)
            .is_some_and(|pc| pc.for_each)
    };
    for call in &module.calls {
        for (in_child, in_parent) in &call.providers {
            if let Some(at) = in_child.key_at {
                out.push(error(
                    Code::InvalidModuleProviderConfiguration,
                    "Instance keys are not allowed on the left side of a provider configuration assignment.".to_owned(),
                    places.at(at),
                ));
            }
            let key = in_parent.key();
            instance_validation(
                out,
                in_parent,
                "module",
                instanced(&key),
                is_configured(&key),
                places,
            );
        }
    }
    for r in &module.resources {
        if let Some(Some(provider)) = &r.provider {
            let key = provider.key();
            instance_validation(
                out,
                provider,
                "resource",
                instanced(&key),
                is_configured(&key),
                places,
            );
        }
    }

    // Calls from this module pass configurations it must have.
    for call in &module.calls {
        for (_, in_parent) in &call.providers {
            if in_parent.alias.is_some() {
                continue;
            }
            let name = in_parent.name.as_str();
            let conf_ok = is_configured(name);
            if !conf_ok && !local_names.contains_key(name) {
                let default = Provider::default_for(name).for_display();
                out.push(warning(
                    Code::ReferenceToUndefinedProvider,
                    format!(
                        "There is no explicit declaration for local provider name {name:?} in {module_text}, so OpenTofu is assuming you mean to pass a configuration for provider {default:?}.\n\nTo clarify your intent and silence this warning, add to {parent_text} a required_providers entry named {name:?} with source = {default:?}, or a different source address if appropriate."
                    ),
                    places.at(in_parent.name_at),
                ));
                continue;
            }
            if let Some((_, parent_call)) = parent
                && !conf_ok
                && !is_passed(name)
            {
                let default = Provider::default_for(name).for_display();
                out.push(warning(
                    Code::MissingRequiredProviderConfiguration,
                    format!(
                        "The configuration for {module_text} expects to inherit a configuration for provider {default} with local name {name:?}, but {parent_text} doesn't pass a configuration under that name.\n\nTo satisfy this requirement, add an entry for {name:?} to the \"providers\" argument in the module {:?} block.",
                        parent_call.name
                    ),
                    places.at(parent_call.at),
                ));
            }
        }
    }

    let Some((parent_module, parent_call)) = parent else {
        return;
    };

    if !configured.is_empty()
        && let Some(at) = no_config.map(|place| places.at(place))
    {
        out.push(error(
            Code::ModuleIncompatibleWithExpansion,
            format!(
                "The module at {module_text} is a legacy module which contains its own local provider configurations, and so calls to it may not use the count, for_each, enabled or depends_on arguments.\n\nIf you also control the module {:?}, consider updating this module to instead expect provider configurations to be passed by its caller.",
                parent_call.source
            ),
            at,
        ));
    }

    for name in &configured {
        if let Some((_, in_child, _)) = passed_in.iter().find(|(n, _, _)| n == name) {
            out.push(error(
                Code::CannotOverrideProviderConfiguration,
                format!(
                    "The configuration of {module_text} has its own local configuration for {name}, and so it cannot accept an overridden configuration provided by {parent_text}."
                ),
                places.at(in_child.name_at),
            ));
        }
    }

    for (name, ty) in &config_aliases {
        if is_configured(name) || is_passed(name) {
            continue;
        }
        out.push(error(
            Code::MissingRequiredProviderConfiguration,
            format!(
                "The child module requires an additional configuration for provider {}, with the local name {name:?}.\n\nRefer to the module's documentation to understand the intended purpose of this additional provider configuration, and then add an entry for {name} in the \"providers\" meta-argument in the module block to choose which provider configuration the module should use for that purpose.",
                ty.for_display()
            ),
            places.at(parent_call.at),
        ));
    }

    for (name, in_child, in_parent) in &passed_in {
        let name = name.as_str();
        let mut child_ty = module.local_type(&in_child.name);
        let local = local_names.get(name);
        if let Some(ty) = local {
            child_ty = (*ty).clone();
        }
        let alias = config_aliases.iter().find(|(n, _)| n == name);
        if let Some((_, ty)) = alias {
            child_ty = (*ty).clone();
        }
        let empty = empty_configs.iter().any(|(n, _)| *n == name);
        if local.is_none() && alias.is_none() && !empty {
            let display = child_ty.for_display();
            if child_ty.is_default() {
                out.push(warning(
                    Code::ReferenceToUndefinedProvider,
                    format!(
                        "There is no explicit declaration for local provider name {name:?} in {module_text}, so OpenTofu is assuming you mean to pass a configuration for {display:?}.\n\nIf you also control the child module, add a required_providers entry named {name:?} with the source address {display:?}."
                    ),
                    places.at(in_child.name_at),
                ));
            } else {
                out.push(error(
                    Code::ReferenceToUndefinedProvider,
                    format!(
                        "The child module does not declare any provider requirement with the local name {name:?}.\n\nIf you also control the child module, you can add a required_providers entry named {name:?} with the source address {display:?} to accept this provider configuration."
                    ),
                    places.at(in_child.name_at),
                ));
            }
        }

        let mut parent_ty = parent_module.local_type(&in_parent.name);
        if let Some(req) = parent_module.requirement(name) {
            parent_ty = req.ty.clone();
        }
        if child_ty == parent_ty {
            continue;
        }
        let other = module
            .requirements
            .iter()
            .find(|r| r.ty == parent_ty)
            .map(|r| r.name.as_str());
        match other {
            Some(other) => out.push(error(
                Code::ProviderTypeMismatch,
                format!(
                    "The assigned configuration is for provider {:?}, but local name {:?} in {parent_text} represents {:?}.\n\nTo pass this configuration to the child module, use the local name {other:?} instead.",
                    child_ty.for_display(),
                    in_child.name,
                    parent_ty.for_display()
                ),
                places.at(in_child.name_at),
            )),
            None => out.push(error(
                Code::ProviderTypeMismatch,
                format!(
                    "The local name {:?} in {parent_text} represents provider {:?}, but {:?} in {module_text} represents {:?}.\n\nEach provider has its own distinct configuration schema and provider types, so this module's {:?} can be assigned only a configuration for {}, which is not required by {module_text}.",
                    in_parent.key(),
                    parent_ty.for_display(),
                    in_child.key(),
                    child_ty.for_display(),
                    in_child.key(),
                    child_ty.for_display()
                ),
                places.at(in_parent.name_at),
            )),
        }
    }

    // Empty provider blocks, one warning per local name.
    struct Suggestion<'a> {
        name: &'a str,
        source: Provider,
        configs: Vec<&'a str>,
        ranges: Vec<(String, At)>,
        aliases: usize,
    }
    let mut suggestions: Vec<Suggestion<'_>> = Vec::new();
    for (name, at) in &empty_configs {
        let local_name = name.split('.').next().unwrap_or(name);
        let i = match suggestions.iter().position(|s| s.name == local_name) {
            Some(i) => i,
            None => {
                let source = local_names
                    .get(name)
                    .map_or_else(|| Provider::default_for(local_name), |ty| (*ty).clone());
                suggestions.push(Suggestion {
                    name: local_name,
                    source,
                    configs: Vec::new(),
                    ranges: Vec::new(),
                    aliases: 0,
                });
                suggestions.len() - 1
            }
        };
        let suggestion = &mut suggestions[i];
        if local_name != *name {
            suggestion.aliases += 1;
        }
        suggestion.configs.push(name);
        suggestion.ranges.push((range_string(db, at.0, at.1), *at));
    }
    for mut s in suggestions {
        let name = s.name;
        let mut detail = format!(
            "Earlier versions of OpenTofu used empty provider blocks (\"proxy provider configurations\") for child modules to declare their need to be passed a provider configuration by their callers. That approach was ambiguous and is now deprecated.\n\nIf you control this module, you can migrate to the new declaration syntax by removing all of the empty provider {name:?} blocks and then adding or updating an entry like the following to the required_providers block of {module_text}:\n"
        );
        detail.push_str(&format!("    {name} = {{\n"));
        detail.push_str(&format!("      source = {:?}\n", s.source.for_display()));
        if s.aliases > 0 {
            s.configs.sort_unstable();
            detail.push_str("      configuration_aliases = [\n");
            for config in &s.configs {
                detail.push_str(&format!("        {config},\n"));
            }
            detail.push_str("      ]\n");
        }
        detail.push_str("    }");
        // The range that sorts first as text stands for them all.
        s.ranges.sort_by(|a, b| a.0.cmp(&b.0));
        out.push(warning(
            Code::RedundantEmptyProviderBlock,
            detail,
            s.ranges[0].1,
        ));
    }
}

/// `ProviderConfigRef.InstanceValidation`.
fn instance_validation(
    out: &mut Vec<Diagnostic>,
    r: &Ref,
    block_type: &str,
    is_instanced: bool,
    has_config: bool,
    places: Places<'_>,
) {
    let summary = format!("Invalid {block_type} provider configuration");
    let error = |detail: String, at: Place| {
        error(Code::InvalidProviderConfiguration, detail, places.at(at))
            .with_summary(summary.clone())
    };
    match (r.key_at, &r.alias) {
        (Some(key_at), None) => out.push(error(
            "An instance key can be specified only for a provider configuration which has an alias and uses for_each.".to_owned(),
            key_at,
        )),
        (Some(_), Some(alias)) if !is_instanced && !has_config => out.push(error(
            format!(
                "This module doesn't declare a provider {:?} block with alias = {alias:?}, which is required for use with for_each.",
                r.name
            ),
            r.name_at,
        )),
        (Some(key_at), Some(_)) if !is_instanced => out.push(error(
            "An instance key can be specified only for a provider configuration that uses for_each.".to_owned(),
            key_at,
        )),
        (None, _) if is_instanced => out.push(error(
            "A reference to a provider configuration which uses for_each requires an instance key. Passing a collection of provider instances into a child module is not allowed.".to_owned(),
            r.name_at,
        )),
        _ => {}
    }
}

/// A module's call path as messages name it ([`crate::call_tree::display_name`]).
struct PathText<'a>(&'a [Arc<str>]);

impl std::fmt::Display for PathText<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::call_tree::display_name(self.0))
    }
}
