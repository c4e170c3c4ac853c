package io.tessera.proxy.pipeline;

/** One step of the statement pipeline. */
interface Step {

    /** What the pipeline does after a step. */
    enum Flow {
        /** Go on with the next step now. */
        NEXT,
        /** The step holds the run: it resumes it later ({@link QueryRun#resume()}) or has ended the command. */
        HELD
    }

    /**
     * Does this step's part of {@code run}.
     *
     * @throws io.tessera.protocol.error.TesseraException to end the command with that error
     */
    Flow apply(QueryRun run);
}
