package io.tessera.admin.command;

import java.util.Comparator;

/**
 * Orders configuration names as a DBA reads them: by the text before a trailing number, then by that number's value,
 * so {@code dn2} comes before {@code dn10}; ties fall back to plain string order, so the order is total.
 */
final class NameOrder implements Comparator<String> {

    static final NameOrder INSTANCE = new NameOrder();

    private NameOrder() {
    }

    @Override
    public int compare(String a, String b) {
        int da = digitsStart(a);
        int db = digitsStart(b);
        int byPrefix = a.substring(0, da).compareTo(b.substring(0, db));
        if (byPrefix != 0) {
            return byPrefix;
        }
        String na = stripZeros(a.substring(da));
        String nb = stripZeros(b.substring(db));
        if (na.length() != nb.length()) {
            return Integer.compare(na.length(), nb.length()); // no overflow, whatever the number of digits
        }
        int byNumber = na.compareTo(nb);
        return byNumber != 0 ? byNumber : a.compareTo(b);
    }

    private static int digitsStart(String s) {
        int i = s.length();
        while (i > 0 && Character.isDigit(s.charAt(i - 1))) {
            i--;
        }
        return i;
    }

    private static String stripZeros(String digits) {
        int i = 0;
        while (i < digits.length() - 1 && digits.charAt(i) == '0') {
            i++;
        }
        return digits.substring(i);
    }
}
