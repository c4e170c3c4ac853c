package io.tessera.proxy.config;

/**
 * A name in one file that must be defined in another, e.g. a table's {@code rule} in rule.xml. The mappers
 * collect them and {@link ConfigLoader} checks them once every file is read; one that points into a file that
 * could not be read is not checked, so one broken file does not bury the others' problems.
 *
 * @param where the element that holds the name
 * @param attribute the attribute (or property) that holds it
 * @param name the name
 * @param targetFile the file that must define it
 * @param targetTag the element that defines it, e.g. {@code tableRule}
 */
record Reference(Where where, String attribute, String name, String targetFile, String targetTag) {

    /** The problem when the name is not defined: {@code rule "r9": no <tableRule name="r9"> in rule.xml}. */
    String problem() {
        return attribute + " \"" + name + "\": no <" + targetTag + " name=\"" + name + "\"> in " + targetFile;
    }
}
