package io.tessera.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's CPU time so far (user + system, all threads) from {@code /proc/PID/stat}, in clock ticks of
 * {@code 1/CLK_TCK} s: 100 per second on Linux, which {@code getconf CLK_TCK} confirms.
 */
final class ProcessCpu {

    private static final int TICKS_PER_SECOND = ticksPerSecond();

    private final long pid;
    private final Path stat;

    ProcessCpu(long pid) {
        this.pid = pid;
        this.stat = Path.of("/proc", Long.toString(pid), "stat");
        if (!Files.isReadable(stat)) {
            throw new IllegalArgumentException("pid " + pid + ": no such process (" + stat + " is not readable)");
        }
    }

    long pid() {
        return pid;
    }

    /** CPU seconds used so far. */
    double seconds() {
        String text;
        try {
            text = Files.readString(stat);
        } catch (IOException e) {
            throw new IllegalStateException("pid " + pid + " has ended: " + e.getMessage(), e);
        }
        // fields 14 and 15 (utime, stime) count from after the command name, which may itself hold spaces
        String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / (double) TICKS_PER_SECOND;
    }

    private static int ticksPerSecond() {
        try {
            Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(getconf.getInputStream().readAllBytes()).trim();
            return getconf.waitFor() == 0 ? Integer.parseInt(out) : 100;
        } catch (IOException | NumberFormatException e) {
            return 100;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 100;
        }
    }
}
