package io.tessera.proxy;

import io.tessera.proxy.config.MycatEncrypt;
import java.io.IOException;
import java.io.PrintStream;

/**
 * {@code bin/tessera encrypt}: prints the encrypted password that MyCat's {@code usingDecrypt="1"} expects
 * ({@link MycatEncrypt}), for a server.xml {@code <user>} or a schema.xml write or read host:
 *
 * <pre>
 * encrypt user NAME [PASSWORD]
 * encrypt host HOST USER [PASSWORD]
 * </pre>
 *
 * Without PASSWORD it reads the password from the terminal without echo, or else the first line of standard
 * input, so that it stays out of the shell's history. The value goes to standard output alone, on one line.
 */
final class EncryptCommand {

    static final int OK = 0;
    /** A password (or name) MyCat's encryption cannot carry. */
    static final int INVALID = 1;
    static final int USAGE = 2;

    static final String USAGE_TEXT = """
            usage: tessera encrypt user NAME [PASSWORD]         a <user>'s password property
                   tessera encrypt host HOST USER [PASSWORD]    a <writeHost> or <readHost> password
            Prints the value for usingDecrypt="1" (MyCat's DecryptUtil format). Without PASSWORD, the password is
            read from the terminal (not echoed), or from the first line of standard input.""";

    /** Where a password comes from when the command line has none. */
    @FunctionalInterface
    interface PasswordReader {
        /** The password, or {@code null} when there is none to read (end of input). */
        String read() throws IOException;
    }

    private EncryptCommand() {
    }

    /**
     * @param args the arguments after {@code encrypt}
     * @return {@link #OK}, {@link #INVALID} or {@link #USAGE}, the process's exit status
     */
    static int run(String[] args, PasswordReader passwords, PrintStream out, PrintStream err) {
        String kind = args.length > 0 ? args[0] : "";
        int names = kind.equals("user") ? 1 : kind.equals("host") ? 2 : -1;
        if (names < 0 || args.length < 1 + names || args.length > 2 + names) {
            err.println(USAGE_TEXT);
            return USAGE;
        }
        try {
            String password = args.length == 2 + names ? args[1 + names] : passwords.read();
            if (password == null) {
                err.println("tessera encrypt: no password given, and none on standard input");
                return INVALID;
            }
            out.println(names == 1
                    ? MycatEncrypt.userPassword(args[1], password)
                    : MycatEncrypt.hostPassword(args[1], args[2], password));
            return OK;
        } catch (IllegalArgumentException e) {
            err.println("tessera encrypt: " + e.getMessage());
            return INVALID;
        } catch (IOException e) {
            err.println("tessera encrypt: cannot read the password: " + e.getMessage());
            return INVALID;
        }
    }
}
