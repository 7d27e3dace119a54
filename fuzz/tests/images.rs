//! The bounded image fuzz of the test suite: 100,000 mutated images of the corpus
//! programs (byte-level and structure-aware mutations), on two threads, each refused with
//! a message or run without a panic in a fresh VM (`cargo xtask fuzz images --seconds N`
//! runs longer). Deterministic: the same seed gives the same images and outcomes.

use tiercel_fuzz::images::run::install_panic_hook;
use tiercel_fuzz::images::{corpus_images, run, ImageFuzzOptions};
use tiercel_fuzz::programs::Corpus;

const IMAGES: u64 = 100_000;
const SEED: u64 = 20_261_207;

#[test]
fn mutated_images_are_refused_or_run_safely() {
    install_panic_hook();
    let corpus = Corpus::load(&Corpus::default_dir()).expect("the corpus");
    let images = corpus_images(&corpus);
    assert!(images.len() > 250, "{} images", images.len());
    // The verifier accepts everything the compiler emits.
    for (i, img) in images.iter().enumerate() {
        let checked = vm_core::image::read(img).and_then(|r| vm_core::bytecode::verify::verify(&r));
        assert!(checked.is_ok(), "corpus image {i}: {checked:?}");
    }
    let opts = ImageFuzzOptions {
        images: Some(IMAGES),
        seconds: None,
        jobs: 2,
        seed: SEED,
        fuel: 100_000,
        reuse: 1,
        first: 0,
    };
    let s = run(&opts, &images);
    println!("{}", s.report());
    assert!(
        s.panics.is_empty(),
        "panics:\n{}",
        s.panic_lines().join("\n")
    );
    assert_eq!(s.silent_refusals, 0);
    assert_eq!(s.run, IMAGES);
    assert_eq!(s.refused + s.ran, IMAGES);
    // Both sides must be exercised: the verifier refusing, and accepted images running.
    assert!(s.refused > IMAGES / 10, "{}", s.report());
    assert!(s.ran > IMAGES / 20, "{}", s.report());
}
