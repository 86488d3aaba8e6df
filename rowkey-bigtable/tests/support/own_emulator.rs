//! A Bigtable emulator of a test's own, on a free loopback port: started from the binary
//! `cargo xtask test` found (`BIGTABLE_EMULATOR_BIN`), and killed (SIGKILL), restarted on the
//! same port, stopped (SIGSTOP) and continued (SIGCONT) by its process id. The suite's shared
//! emulator is left alone. Dropping it continues and kills the process, so no test leaves a
//! stopped or running emulator behind, whatever happens.
// Shared by the fault tests and the benchmark example, each of which uses a part of it.
#![allow(dead_code)]

use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long the emulator may take to open its port.
const READY_TIMEOUT: Duration = Duration::from_secs(20);
/// Attempts at binding the port again after a kill.
const RESTART_ATTEMPTS: u32 = 20;

pub struct OwnEmulator {
    bin: PathBuf,
    addr: SocketAddr,
    child: Option<Child>,
}

impl OwnEmulator {
    /// Starts an emulator on 127.0.0.1 on a free port and waits until it answers.
    pub fn start() -> OwnEmulator {
        let bin = std::env::var_os("BIGTABLE_EMULATOR_BIN")
            .map(PathBuf::from)
            .expect("BIGTABLE_EMULATOR_BIN names the emulator binary: run `cargo xtask test`");
        let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .and_then(|l| l.local_addr())
            .expect("a free loopback port")
            .port();
        let mut emulator = OwnEmulator {
            bin,
            addr: SocketAddr::from((Ipv4Addr::LOCALHOST, port)),
            child: None,
        };
        emulator.restart();
        emulator
    }

    /// `host:port`, for `Config::emulator`.
    pub fn host(&self) -> String {
        self.addr.to_string()
    }

    /// The emulator's process id.
    fn pid(&self) -> libc::pid_t {
        let child = self.child.as_ref().expect("the emulator is running");
        libc::pid_t::try_from(child.id()).expect("a pid fits pid_t")
    }

    /// SIGKILL: the process dies at once, its connections broken, its tables gone.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts the emulator again on the same port (empty: the data must be loaded again).
    pub fn restart(&mut self) {
        self.kill();
        for _ in 0..RESTART_ATTEMPTS {
            let mut child = Command::new(&self.bin)
                .args(["-host", "127.0.0.1", "-port", &self.addr.port().to_string()])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("start the emulator");
            if wait_ready(&mut child, self.addr) {
                self.child = Some(child);
                return;
            }
            // The port is not free again yet, or the start failed: try once more.
            let _ = child.kill();
            let _ = child.wait();
            std::thread::sleep(Duration::from_millis(250));
        }
        panic!("the emulator did not start again on {}", self.addr);
    }

    /// SIGSTOP: the process freezes; the kernel still accepts connections for it.
    pub fn stop(&self) {
        self.signal(libc::SIGSTOP);
    }

    /// SIGCONT: the process runs again.
    pub fn cont(&self) {
        self.signal(libc::SIGCONT);
    }

    /// A handle that continues this emulator from another task.
    pub fn continuer(&self) -> impl FnOnce() + Send + 'static {
        let pid = self.pid();
        move || send(pid, libc::SIGCONT)
    }

    fn signal(&self, signal: libc::c_int) {
        send(self.pid(), signal);
    }
}

impl Drop for OwnEmulator {
    fn drop(&mut self) {
        if self.child.is_some() {
            self.cont();
        }
        self.kill();
    }
}

/// Sends `signal` to the process `pid` (one this test started).
fn send(pid: libc::pid_t, signal: libc::c_int) {
    // SAFETY: `kill` has no memory effects; `pid` is a child this process spawned and has
    // not reaped, so the id cannot name another process.
    let done = unsafe { libc::kill(pid, signal) };
    assert_eq!(done, 0, "kill({pid}, {signal}) failed");
}

/// Polls `addr` until it accepts a connection, `child` exits, or the timeout.
fn wait_ready(child: &mut Child, addr: SocketAddr) -> bool {
    let start = Instant::now();
    while start.elapsed() < READY_TIMEOUT {
        if let Ok(Some(_)) = child.try_wait() {
            return false;
        }
        if TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_ok() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}
