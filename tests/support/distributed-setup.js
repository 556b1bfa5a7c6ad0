module.exports = () => require('./distributed-templates').setup();
