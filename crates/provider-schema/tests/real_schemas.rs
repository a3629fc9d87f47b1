//! The schemas of two real providers, from `../shared/provider-schemas`
//! (see its README): every schema decodes, and a few are pinned as
//! snapshots of their compact rendering.

#![allow(clippy::disallowed_methods)] // Tests and benches read their fixtures from the disk.

#[path = "../../../tests/support/shared.rs"]
mod shared;

mod render;

use expect_test::{Expect, expect};
use tofu_provider_schema::{ProviderSchemas, SchemaKind};

const DOCKER: &str = "registry.terraform.io/kreuzwerker/docker";
const LOCAL: &str = "registry.terraform.io/hashicorp/local";

/// `shared/provider-schemas/FILE`, read; `None` (skipped) where shared data
/// is absent.
fn load(file: &str) -> Option<ProviderSchemas> {
    let dir = shared::shared_data("provider-schemas")?;
    let text = std::fs::read_to_string(dir.join(file)).unwrap();
    Some(ProviderSchemas::parse(&text).unwrap())
}

#[test]
fn every_schema_decodes() {
    for file in ["docker.json", "local.json"] {
        let Some(schemas) = load(file) else { return };
        assert_eq!(schemas.format_version(), "1.0");
        for provider in schemas.providers() {
            provider.provider_config().unwrap();
            for kind in SchemaKind::ALL {
                for name in provider.type_names(kind) {
                    if let Err(error) = provider.schema(kind, name).unwrap() {
                        panic!("{file}: {error}");
                    }
                }
            }
            for name in provider.function_names() {
                provider.function(name).unwrap().unwrap();
            }
        }
    }
}

#[test]
fn type_names() {
    let check = |file: &str, expect: Expect| {
        let Some(schemas) = load(file) else { return };
        let rendered: String = schemas.providers().map(render::type_names).collect();
        expect.assert_eq(&rendered);
    };
    check(
        "docker.json",
        expect![[r#"
        registry.terraform.io/kreuzwerker/docker
          resource_schemas: docker_config docker_container docker_image docker_network docker_plugin docker_registry_image docker_secret docker_service docker_tag docker_volume
          data_source_schemas: docker_image docker_logs docker_network docker_plugin docker_registry_image
          ephemeral_resource_schemas: (none)
          functions: (none)
    "#]],
    );
    check(
        "local.json",
        expect![[r#"
        registry.terraform.io/hashicorp/local
          resource_schemas: local_file local_sensitive_file
          data_source_schemas: local_file local_sensitive_file
          ephemeral_resource_schemas: (none)
          functions: direxists
    "#]],
    );
}

#[test]
fn docker_block_types() {
    let Some(schemas) = load("docker.json") else {
        return;
    };
    let docker = schemas.provider(DOCKER).unwrap();
    let container = docker.resource("docker_container").unwrap().unwrap();
    assert_eq!(container.version, 2);
    expect![[r#"
        block capabilities: set (max 1)
        block devices: set
        block healthcheck: list (max 1)
        block host: set
        block labels: set
        block mounts: set
          block bind_options: list (max 1)
          block tmpfs_options: list (max 1)
          block volume_options: list (max 1)
            block labels: set
        block networks_advanced: set
        block ports: list
        block ulimit: set
        block upload: set
        block volumes: set
    "#]]
    .assert_eq(&render::block_types(&container.block));
    let service = docker.resource("docker_service").unwrap().unwrap();
    expect![[r#"
        block auth: list (max 1)
        block converge_config: list (max 1)
        block endpoint_spec: list (max 1)
          block ports: list
        block labels: set
        block mode: list (max 1)
          block replicated: list (max 1)
        block rollback_config: list (max 1)
        block task_spec: list (min 1, max 1)
          block container_spec: list (min 1, max 1)
            block configs: set
            block dns_config: list (max 1)
            block healthcheck: list (max 1)
            block hosts: set
            block labels: set
            block mounts: set
              block bind_options: list (max 1)
              block tmpfs_options: list (max 1)
              block volume_options: list (max 1)
                block labels: set
            block privileges: list (max 1)
              block credential_spec: list (max 1)
              block se_linux_context: list (max 1)
            block secrets: set
          block log_driver: list (max 1)
          block networks_advanced: set
          block placement: list (max 1)
            block platforms: set
          block resources: list (max 1)
            block limits: list (max 1)
            block reservation: list (max 1)
              block generic_resources: list (max 1)
          block restart_policy: list (max 1)
        block update_config: list (max 1)
    "#]]
    .assert_eq(&render::block_types(&service.block));
}

#[test]
fn docker_schemas() {
    let Some(schemas) = load("docker.json") else {
        return;
    };
    let docker = schemas.provider(DOCKER).unwrap();
    let check = |kind: SchemaKind, name: &str, expect: Expect| {
        let schema = docker.schema(kind, name).unwrap().unwrap();
        expect.assert_eq(&render::block(&schema.block));
    };
    check(
        SchemaKind::Resource,
        "docker_volume",
        expect![[r#"
        driver: string, optional, computed
        driver_opts: map(string), optional
        id: string, optional, computed
        mountpoint: string, computed
        name: string, optional, computed
        block labels: set
          label: string, required
          value: string, required
    "#]],
    );
    check(
        SchemaKind::DataSource,
        "docker_network",
        expect![[r#"
        driver: string, computed
        id: string, computed
        internal: bool, computed
        ipam_config: set(object({aux_address=map(string),gateway=string,ip_range=string,subnet=string})), computed
        name: string, required
        options: map(string), computed
        scope: string, computed
    "#]],
    );
    let config = docker.provider_config().unwrap();
    expect![[r#"
        ca_material: string, optional
        cert_material: string, optional
        cert_path: string, optional
        host: string, optional
        key_material: string, optional
        ssh_opts: list(string), optional
        block registry_auth: set
          address: string, required
          auth_disabled: bool, optional
          config_file: string, optional
          config_file_content: string, optional
          password: string, optional, sensitive
          username: string, optional
    "#]]
    .assert_eq(&render::block(&config.block));
}

#[test]
fn local_function_and_file() {
    let Some(schemas) = load("local.json") else {
        return;
    };
    let local = schemas.provider(LOCAL).unwrap();
    let direxists = local.function("direxists").unwrap().unwrap();
    expect![[r#"
        direxists(path string) bool
          summary: Determines whether a directory exists at a given path.
          description: Given a path string, will return true if the directory exists. This function works only with directories. If used with a file, the function will return an error.

        This function behaves similar to the built-in [`fileexists`](https://developer.hashicorp.com/terraform/language/functions/fileexists) function, however, `direxists` will not replace filesystem paths including `~` with the current user's home directory path. This functionality can be achieved by using the built-in [`pathexpand`](https://developer.hashicorp.com/terraform/language/functions/pathexpand) function with `direxists`, see example below.
          path: Relative or absolute path to check for the existence of a directory
    "#]].assert_eq(&render::function("direxists", direxists));
    let file = local.resource("local_sensitive_file").unwrap().unwrap();
    expect![[r#"
        content: string, optional, sensitive
        content_base64: string, optional, sensitive
        content_base64sha256: string, computed
        content_base64sha512: string, computed
        content_md5: string, computed
        content_sha1: string, computed
        content_sha256: string, computed
        content_sha512: string, computed
        directory_permission: string, optional, computed
        file_permission: string, optional, computed
        filename: string, required
        id: string, computed
        source: string, optional
    "#]]
    .assert_eq(&render::block(&file.block));
    assert!(local.function("fileexists").is_none());
    assert!(local.resource("local_directory").is_none());
    assert!(
        schemas
            .provider("registry.opentofu.org/hashicorp/local")
            .is_none()
    );
}
