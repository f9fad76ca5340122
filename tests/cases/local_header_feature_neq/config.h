#define CONFIG_STEP 2
