//! Which renderer the window picks, with the real graphics drivers of this machine: Mesa's
//! software adapters (lavapipe through Vulkan, llvmpipe through EGL), which draw on the
//! CPU at several times tiny-skia's cost, never count as a GPU, whether asked here or in
//! the child process the window asks in.

use std::time::Duration;

use porpoise::renderer::{Choice, adapters, has_hardware_adapter, is_hardware};

/// Names Mesa and Google give their adapters that draw on the CPU.
const SOFTWARE: [&str; 4] = ["llvmpipe", "lavapipe", "softpipe", "SwiftShader"];

#[test]
fn software_adapters_never_count_as_a_gpu() {
    let found = adapters();
    eprintln!("adapters: {found:?}");
    let software: Vec<_> = found
        .iter()
        .filter(|(_, name)| SOFTWARE.iter().any(|s| name.contains(s)))
        .collect();
    if software.is_empty() {
        assert!(
            std::env::var_os("CI").is_none(),
            "no software adapter: CI must install mesa-vulkan-drivers (.ci/run)"
        );
        eprintln!("skipped: no software adapter (apt-get install mesa-vulkan-drivers)");
        return;
    }
    for (kind, name) in &software {
        assert!(!is_hardware(*kind), "{name} ({kind:?}) counted as a GPU");
    }
    if !std::path::Path::new("/dev/dri").exists() {
        // No GPU device here: whatever wgpu finds draws on the CPU.
        assert!(!has_hardware_adapter(), "a GPU found among {found:?}");
        let asked = porpoise_engine::host::answer_in_child(
            || u8::from(has_hardware_adapter()),
            Duration::from_secs(60),
        );
        assert_eq!(asked, Some(0), "the child process's answer");
    }
}

#[test]
fn only_the_cpu_choices_tell_iced_to_use_tiny_skia() {
    assert_eq!(Choice::CpuNoDevice.backend(), Some("tiny-skia"));
    assert_eq!(Choice::CpuSoftwareOnly.backend(), Some("tiny-skia"));
    assert_eq!(Choice::Gpu.backend(), None);
    assert_eq!(Choice::AsAsked.backend(), None);
}
