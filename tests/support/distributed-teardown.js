module.exports = () => require('./distributed-templates').teardown();
