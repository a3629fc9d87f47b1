//! Module-wide settings from `terraform` blocks, of which a module may
//! have only one each: the backend (or `cloud` block), the
//! `required_providers` block, the encryption configuration, and one
//! `provider_meta` block per provider (OpenTofu's `NewModule` and
//! `Module.appendFile`).

use tofu_diagnostics::Code;
use tofu_syntax::TextRange;

use crate::config::model::{BlockType, ItemBody};
use crate::config::{file_model, file_source_map};
use crate::diagnostics::{Diagnostic, range_string};
use crate::input::{ModuleDir, SourceFile};

/// Where the settings blocks of a module's primary files are, in file
/// order: each a file and the block's header.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ModuleSettings {
    pub backends: Vec<(SourceFile, TextRange)>,
    pub clouds: Vec<(SourceFile, TextRange)>,
    pub required_providers: Vec<(SourceFile, TextRange)>,
    pub encryptions: Vec<(SourceFile, TextRange)>,
    /// With the provider's local name.
    pub provider_metas: Vec<(String, SourceFile, TextRange)>,
}

#[salsa::tracked(returns(ref))]
pub fn module_settings(db: &dyn salsa::Database, module: ModuleDir) -> ModuleSettings {
    let mut settings = ModuleSettings::default();
    for &file in module.files(db).iter().filter(|f| f.exists(db)) {
        let positions = file_source_map(db, file);
        for block in file_model(db, file).of_type(BlockType::Terraform) {
            let ItemBody::Terraform(terraform) = &block.body else {
                continue;
            };
            for setting in &terraform.settings {
                let at = (file, positions.range(setting.header));
                match setting.ty.as_str() {
                    "backend" => settings.backends.push(at),
                    "cloud" => settings.clouds.push(at),
                    "required_providers" => settings.required_providers.push(at),
                    "encryption" => settings.encryptions.push(at),
                    "provider_meta" => settings.provider_metas.push((setting.label(0), at.0, at.1)),
                    _ => {}
                }
            }
        }
    }
    settings
}

/// The second and later of each setting, in OpenTofu's order:
/// `required_providers` first, then backends, cloud blocks, both at once,
/// `provider_meta` and encryption.
#[salsa::tracked(returns(ref))]
pub fn module_settings_diagnostics(db: &dyn salsa::Database, module: ModuleDir) -> Vec<Diagnostic> {
    let settings = module_settings(db, module);
    let mut out = Vec::new();
    let at = |(file, range): (SourceFile, TextRange)| range_string(db, file, range);
    let once = |out: &mut Vec<Diagnostic>,
                blocks: &[(SourceFile, TextRange)],
                summary: Code,
                detail: &dyn Fn(String) -> String| {
        if let Some((first, rest)) = blocks.split_first() {
            for &(file, range) in rest {
                out.push(Diagnostic::error_in(
                    summary,
                    detail(at(*first)),
                    file,
                    range,
                ));
            }
        }
    };
    once(
        &mut out,
        &settings.required_providers,
        Code::DuplicateRequiredProvidersBlock,
        &|first| {
            format!(
                "A module may have only one required providers configuration. The required providers were previously configured at {first}."
            )
        },
    );
    once(
        &mut out,
        &settings.backends,
        Code::DuplicateBackendConfiguration,
        &|first| {
            format!(
                "A module may have only one backend configuration. The backend was previously configured at {first}."
            )
        },
    );
    once(
        &mut out,
        &settings.clouds,
        Code::DuplicateCloudConfigurations,
        &|first| {
            format!(
                "A module may have only one 'cloud' block configuring a cloud backend. A cloud backend was previously configured at {first}."
            )
        },
    );
    if let (Some(&backend), Some(&cloud)) = (settings.backends.first(), settings.clouds.first()) {
        out.push(Diagnostic::error_in(
            Code::ConflictingBackendAndCloud,
            format!(
                "A module may declare either one 'cloud' block configuring a cloud backend OR one 'backend' block configuring a state backend. A cloud backend is configured at {}; a backend is configured at {}. Remove the backend block to configure a cloud backend.",
                at(cloud),
                at(backend)
            ),
            backend.0,
            backend.1,
        ));
    }
    for (i, (name, file, range)) in settings.provider_metas.iter().enumerate() {
        if let Some((_, first_file, first_range)) = settings.provider_metas[..i]
            .iter()
            .find(|(n, _, _)| n == name)
        {
            out.push(Diagnostic::error_in(
                Code::DuplicateProviderMetaBlock,
                format!(
                    "A provider_meta block for provider {name:?} was already declared at {}. Providers may only have one provider_meta block per module.",
                    at((*first_file, *first_range))
                ),
                *file,
                *range,
            ));
        }
    }
    once(
        &mut out,
        &settings.encryptions,
        Code::DuplicateEncryptionConfiguration,
        &|first| {
            format!(
                "A module may have only one encryption configuration. Encryption was previously configured at {first}."
            )
        },
    );
    out
}
