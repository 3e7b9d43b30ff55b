//! Which renderer draws the window: wgpu on a real GPU, tiny-skia (the CPU) everywhere
//! else. iced tries wgpu first and takes tiny-skia when wgpu finds no adapter, but wgpu
//! also takes a software adapter (Mesa's lavapipe or llvmpipe), which draws on the CPU at
//! several times tiny-skia's cost. So before the window opens, the adapters are looked
//! at, in a child process (the drivers it loads and the threads they start stay there),
//! and iced is told to use tiny-skia unless one of them is a GPU. `ICED_BACKEND`
//! (`wgpu` or `tiny-skia`) set by the user is left alone.

use std::time::Duration;

/// The variable iced reads for the renderer to use.
pub const BACKEND_VARIABLE: &str = "ICED_BACKEND";

/// iced's name for its CPU renderer.
pub const CPU: &str = "tiny-skia";

/// What was decided, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// `ICED_BACKEND` says it.
    AsAsked,
    /// wgpu on the GPU, tiny-skia if wgpu fails to start.
    Gpu,
    /// tiny-skia: this computer has no device a GPU driver serves.
    CpuNoDevice,
    /// tiny-skia: wgpu's adapters draw on the CPU, or there are none.
    CpuSoftwareOnly,
}

impl Choice {
    /// The value for [`BACKEND_VARIABLE`], when iced must be told.
    pub fn backend(self) -> Option<&'static str> {
        match self {
            Choice::AsAsked | Choice::Gpu => None,
            Choice::CpuNoDevice | Choice::CpuSoftwareOnly => Some(CPU),
        }
    }
}

/// Decide and tell iced, as the window starts; what was decided. Call it while the
/// process has a single thread: it sets the environment iced reads later.
pub fn pick() -> Choice {
    let choice = choose();
    if let Some(backend) = choice.backend() {
        porpoise_engine::host::set_env_while_alone(BACKEND_VARIABLE, backend);
    }
    tracing::info!(?choice, "the renderer");
    choice
}

/// How long the adapters may take to answer: a driver that hangs costs this, once.
const PROBE_PATIENCE: Duration = Duration::from_secs(3);

/// Decide, as the window starts. Call it while the process has a single thread (the
/// adapters are looked at in a child process).
pub fn choose() -> Choice {
    if std::env::var_os(BACKEND_VARIABLE).is_some_and(|v| !v.is_empty()) {
        return Choice::AsAsked;
    }
    if !has_gpu_device() {
        return Choice::CpuNoDevice;
    }
    let answer =
        porpoise_engine::host::answer_in_child(|| u8::from(has_hardware_adapter()), PROBE_PATIENCE);
    match answer {
        Some(1) => Choice::Gpu,
        _ => Choice::CpuSoftwareOnly,
    }
}

/// Whether a GPU driver serves a device here: a DRM render node, or NVIDIA's own device.
fn has_gpu_device() -> bool {
    let render_node = std::fs::read_dir("/dev/dri").is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.file_name().as_encoded_bytes().starts_with(b"renderD"))
    });
    render_node || std::path::Path::new("/dev/nvidia0").exists()
}

/// Whether wgpu finds an adapter that is not one drawing on the CPU (wgpu names Mesa's
/// lavapipe, llvmpipe and softpipe as such).
pub fn has_hardware_adapter() -> bool {
    adapters().iter().any(|(kind, _)| is_hardware(*kind))
}

/// Every adapter wgpu finds, on the backends iced would use: its kind and name.
pub fn adapters() -> Vec<(wgpu::DeviceType, String)> {
    let backends = wgpu::Backends::from_env().unwrap_or(wgpu::Backends::all());
    let instance = wgpu::Instance::new(&wgpu::InstanceDescriptor {
        backends,
        ..Default::default()
    });
    instance
        .enumerate_adapters(backends)
        .iter()
        .map(|adapter| {
            let info = adapter.get_info();
            (info.device_type, info.name)
        })
        .collect()
}

/// Whether an adapter of `kind` is a GPU: integrated, discrete, virtual, or of a kind
/// wgpu could not tell (a GL driver it does not know), which on a computer with a GPU
/// device is that GPU's.
pub fn is_hardware(kind: wgpu::DeviceType) -> bool {
    kind != wgpu::DeviceType::Cpu
}
