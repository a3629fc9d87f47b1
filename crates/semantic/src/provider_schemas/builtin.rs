//! The schema of the built-in `terraform.io/builtin/terraform` provider,
//! which OpenTofu has without any document: `terraform_data`
//! (`internal/builtin/providers/tf/resource_data.go`) and the
//! `terraform_remote_state` data source (`data_source_state.go`), with an
//! empty provider configuration. Written here as the document `tofu
//! providers schema -json` prints for it (descriptions left out), and read
//! once with the same reader as any other.

use std::sync::OnceLock;

use tofu_provider_schema::{ProviderSchema, ProviderSchemas};

const ADDRESS: &str = "terraform.io/builtin/terraform";

const DOCUMENT: &str = r#"{
  "format_version": "1.0",
  "provider_schemas": {
    "terraform.io/builtin/terraform": {
      "provider": {"version": 0, "block": {}},
      "resource_schemas": {
        "terraform_data": {
          "version": 0,
          "block": {
            "attributes": {
              "id": {"type": "string", "computed": true},
              "input": {"type": "dynamic", "optional": true},
              "output": {"type": "dynamic", "computed": true},
              "triggers_replace": {"type": "dynamic", "optional": true}
            }
          }
        }
      },
      "data_source_schemas": {
        "terraform_remote_state": {
          "version": 0,
          "block": {
            "attributes": {
              "backend": {"type": "string", "required": true},
              "config": {"type": "dynamic", "optional": true},
              "defaults": {"type": "dynamic", "optional": true},
              "outputs": {"type": "dynamic", "computed": true},
              "workspace": {"type": "string", "optional": true}
            }
          }
        }
      }
    }
  }
}"#;

/// The built-in provider's schema.
pub(super) fn terraform_provider() -> Option<&'static ProviderSchema> {
    static SCHEMAS: OnceLock<Option<ProviderSchemas>> = OnceLock::new();
    SCHEMAS
        .get_or_init(|| ProviderSchemas::parse(DOCUMENT).ok())
        .as_ref()
        .and_then(|schemas| schemas.provider(ADDRESS))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_document_reads() {
        let provider = super::terraform_provider().expect("the built-in schema reads");
        let data = provider.resource("terraform_data").unwrap().unwrap();
        assert_eq!(data.block.attributes.len(), 4);
        assert!(
            provider
                .provider_config()
                .unwrap()
                .block
                .attributes
                .is_empty()
        );
    }
}
