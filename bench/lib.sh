# Shared by the bench scripts (sourced from the distribution's directory): sysbench's target options, a process's
# CPU ticks, and the one-thread HAProxy TCP relay in front of MariaDB on 127.0.0.1:3306.

# target PORT USER DATABASE: sysbench's options for that MySQL endpoint on loopback
target() { echo --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$1" --mysql-user="$2" --mysql-db="$3"; }

# ticks PID: the process's user + system CPU time so far, in clock ticks (getconf CLK_TCK per second)
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# start_relay DIR: HAProxy, one thread, TCP mode, 127.0.0.1:13306 -> 127.0.0.1:3306; its pid in DIR/haproxy.pid
start_relay() {
    cat > "$1/haproxy.cfg" <<CFG
global
    nbthread 1
defaults
    mode tcp
    timeout connect 5s
    timeout client 1h
    timeout server 1h
listen mariadb
    bind 127.0.0.1:13306
    server db 127.0.0.1:3306
CFG
    haproxy -D -f "$1/haproxy.cfg" -p "$1/haproxy.pid"
}
