//! Provider schemas, the documents `tofu providers schema -json` prints,
//! as an input of the database, and what OpenTofu checks with them.
//!
//! Hosts read and parse the documents (`ProviderSchemas::parse` of
//! `tofu-provider-schema`) and set them on the [`Workspace`] as one
//! [`ProviderSchemaSet`]; a document that failed to parse is kept with
//! its error, for the host to report. Without a set, nothing is checked
//! and the analysis is as it was; with one, the built-in
//! `terraform.io/builtin/terraform` provider's schema (`builtin.rs`) is
//! known too.
//!
//! * `lookup`: which document describes a provider. Documents Terraform
//!   wrote key providers by `registry.terraform.io`, OpenTofu's by
//!   `registry.opentofu.org`; a configuration's `hashicorp/aws` is
//!   OpenTofu's default registry's, and either host's schema of the same
//!   namespace and type serves it.
//! * `checks.rs`: resource, data source, ephemeral resource and provider
//!   bodies decoded against their schemas as `tofu validate` decodes them
//!   (`configschema.Block.DecoderSpec` read by `hcldec`, `dynblock` and
//!   `blocktoattr`), with OpenTofu's own checks of resource types
//!   (`node_resource_validate.go`).
//!
//! [`Workspace`]: crate::Workspace

mod builtin;
pub(crate) mod checks;
pub(crate) mod ephemeral;
pub(crate) mod functions;
pub(crate) mod references;
pub(crate) mod values;

use std::sync::Arc;

use tofu_provider_schema::{ProviderSchema, ProviderSchemas, SchemaError};

use crate::addrs::provider::Provider;

/// One schema document as the host loaded it: where it came from (a path
/// as the user gave it) and its schemas, or why they could not be read.
#[derive(Debug, Clone)]
pub struct SchemaDocument {
    pub origin: String,
    pub schemas: Result<Arc<ProviderSchemas>, SchemaError>,
}

impl SchemaDocument {
    /// The document of `origin` whose text is `text`.
    pub fn parse(origin: impl Into<String>, text: &str) -> SchemaDocument {
        SchemaDocument {
            origin: origin.into(),
            schemas: ProviderSchemas::parse(text).map(Arc::new),
        }
    }

    /// A document parsed already.
    pub fn parsed(origin: impl Into<String>, schemas: Arc<ProviderSchemas>) -> SchemaDocument {
        SchemaDocument {
            origin: origin.into(),
            schemas: Ok(schemas),
        }
    }
}

impl PartialEq for SchemaDocument {
    /// The same origin and the same loaded document (documents are large:
    /// compared by identity, not content).
    fn eq(&self, other: &Self) -> bool {
        self.origin == other.origin
            && match (&self.schemas, &other.schemas) {
                (Ok(a), Ok(b)) => Arc::ptr_eq(a, b),
                (Err(a), Err(b)) => a == b,
                _ => false,
            }
    }
}

impl Eq for SchemaDocument {}

/// The provider schemas a workspace is checked against, in the order the
/// host gave them: the first document that describes a provider is the
/// one used.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProviderSchemaSet {
    documents: Vec<SchemaDocument>,
}

/// The hostnames of the registries whose providers are the same for
/// schema lookups: OpenTofu's default registry and Terraform's.
const REGISTRY_HOSTS: [&str; 2] = ["registry.opentofu.org", "registry.terraform.io"];

impl ProviderSchemaSet {
    pub fn new(documents: Vec<SchemaDocument>) -> ProviderSchemaSet {
        ProviderSchemaSet { documents }
    }

    pub fn documents(&self) -> &[SchemaDocument] {
        &self.documents
    }

    /// The documents that could not be read, with why: for the host to
    /// report.
    pub fn errors(&self) -> impl Iterator<Item = (&str, &SchemaError)> + '_ {
        self.documents.iter().filter_map(|d| match &d.schemas {
            Ok(_) => None,
            Err(error) => Some((d.origin.as_str(), error)),
        })
    }

    /// The schema of `provider`: the built-in provider's for
    /// `terraform.io/builtin/terraform`, else the first document's that
    /// keys it by its address, or by the same namespace and type on the
    /// other of OpenTofu's and Terraform's registries.
    pub fn provider(&self, provider: &Provider) -> Option<&ProviderSchema> {
        if is_builtin_terraform(provider) {
            return builtin::terraform_provider();
        }
        let address = provider.to_string();
        let other = REGISTRY_HOSTS
            .iter()
            .find(|host| **host == provider.hostname)
            .and_then(|host| REGISTRY_HOSTS.iter().find(|other| *other != host))
            .map(|other| format!("{other}/{}/{}", provider.namespace, provider.ty));
        let documents = || {
            self.documents
                .iter()
                .filter_map(|d| d.schemas.as_ref().ok())
        };
        documents()
            .find_map(|d| d.provider(&address))
            .or_else(|| other.and_then(|other| documents().find_map(|d| d.provider(&other))))
    }
}

fn is_builtin_terraform(provider: &Provider) -> bool {
    provider.hostname == "terraform.io"
        && provider.namespace == "builtin"
        && provider.ty == "terraform"
}

#[cfg(test)]
mod tests {
    use super::{ProviderSchemaSet, SchemaDocument};
    use crate::addrs::provider::Provider;

    fn document(address: &str) -> SchemaDocument {
        let text = format!(
            r#"{{"format_version":"1.0","provider_schemas":{{"{address}":{{"resource_schemas":{{"x_a":{{"block":{{}}}}}}}}}}}}"#
        );
        SchemaDocument::parse(address, &text)
    }

    #[test]
    fn either_registry_serves_the_same_provider() {
        let set = ProviderSchemaSet::new(vec![
            document("registry.terraform.io/hashicorp/aws"),
            document("example.com/acme/thing"),
        ]);
        let aws = Provider::default_for("aws");
        assert_eq!(
            set.provider(&aws).map(|p| p.address()),
            Some("registry.terraform.io/hashicorp/aws")
        );
        let thing = Provider {
            hostname: "example.com".to_owned(),
            namespace: "acme".to_owned(),
            ty: "thing".to_owned(),
        };
        assert!(set.provider(&thing).is_some());
        let elsewhere = Provider {
            hostname: "example.org".to_owned(),
            ..thing
        };
        assert!(set.provider(&elsewhere).is_none());
        assert!(set.provider(&Provider::default_for("google")).is_none());
    }

    #[test]
    fn an_exact_address_wins_over_the_other_registry() {
        let set = ProviderSchemaSet::new(vec![
            document("registry.terraform.io/hashicorp/aws"),
            document("registry.opentofu.org/hashicorp/aws"),
        ]);
        assert_eq!(
            set.provider(&Provider::default_for("aws"))
                .map(|p| p.address()),
            Some("registry.opentofu.org/hashicorp/aws")
        );
    }

    #[test]
    fn the_builtin_provider_needs_no_document() {
        let set = ProviderSchemaSet::default();
        let builtin = set.provider(&Provider::implied("terraform")).unwrap();
        assert!(builtin.resource("terraform_data").is_some());
        let remote_state = builtin
            .data_source("terraform_remote_state")
            .unwrap()
            .unwrap();
        assert!(remote_state.block.attributes["backend"].required);
    }

    #[test]
    fn broken_documents_are_kept_for_the_host() {
        let set = ProviderSchemaSet::new(vec![SchemaDocument::parse("bad.json", "{")]);
        assert_eq!(set.errors().count(), 1);
        assert!(set.provider(&Provider::default_for("aws")).is_none());
    }
}
